// What a capacity sweep runs: tiers, client counts, durations, repetitions
// and the query mix. Defaults reproduce the database-only sweep users
// publish: 70 % source-ID lookups and 30 % cone searches through the GiST
// index, 1, 8, 16 and 32 clients, 60 s each, three repetitions.
#pragma once

#include <string>
#include <vector>

#include "common/status.h"
#include "grow/grow.h"
#include "sweep/saturation.h"
#include "workload/workload.h"

namespace skyseed {

// A query class of the workload (WorkloadMix) and its weight in a sweep.
struct MixClass {
  const MixEntry* query_class = nullptr;
  int weight = 0;
};
// What a sweep runs without --mix: 70 % source-ID lookups, 30 % cone searches.
std::vector<MixClass> DefaultSweepMix();

struct SweepOptions {
  GrowPlan grow;  // seed, tiers, jobs: each tier is grown first
  std::string conninfo;
  Narrator* narrator = &SilentNarrator();
  std::vector<int> clients = {1, 8, 16, 32};
  int duration_s = 60;
  int reps = 3;
  int warmup_s = 10;
  std::vector<MixClass> mix = DefaultSweepMix();
  WorkloadOptions workload;
  SaturationRule rule;
  std::string out_dir = "skyseed-sweep";
  std::string data_dir;    // the embedded cluster's, for disk headroom; empty for --db
  bool keep_logs = false;  // keep pgbench's per-transaction logs (large) beside the figures
};

// "lookup_source=70,cone_source=30": known classes, each once, weights 1-100
// summing to 100.
Result<std::vector<MixClass>> ParseMix(const std::string& text);
// "1,8,16,32": growing, 1-1000.
Result<std::vector<int>> ParseClientList(const std::string& text);
std::string MixText(const std::vector<MixClass>& mix);

// Everything that makes two windows comparable, so a rerun reuses only the
// windows measured the same way.
std::string SweepKey(const SweepOptions& o);

}  // namespace skyseed
