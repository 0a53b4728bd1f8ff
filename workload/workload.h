// Ready-to-run pgbench workloads for the corpus of a tier and seed, drawn by
// generator/workload_draws.h. pgbench cannot read parameter
// files, so the parameters become tables (schema skyseed_workload) that a
// setup script loads and each pgbench script reads with \gset.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "generator/workload_draws.h"
#include "tiers/tier_spec.h"

namespace skyseed {

struct WorkloadText;  // workload/workload_text.h

// A query class of the workload: its name (what --mix, a sweep's records and
// its report call it), its pgbench script and its weight in the default mix
// (the weights sum to 100: 70 ID lookups, 30 spatial searches).
struct MixEntry {
  const char* name;  // "lookup_source"; its script file is ScriptFileName(name)
  int weight;
  bool lookup;  // an ID lookup, as opposed to a cone or footprint search
  std::string (*script)(const WorkloadText&);  // the pgbench script's text
};
// Every query class, in the order of the default mix's -f arguments.
const std::vector<MixEntry>& WorkloadMix();
// nullptr when no class has that name.
const MixEntry* FindQueryClass(std::string_view name);
// The class of that name; names are constants of the code, so an unknown
// one aborts (as CorpusTableWithId).
const MixEntry& QueryClassNamed(std::string_view name);
// "lookup_source, lookup_obs, ...": every class, for help texts and errors.
std::string QueryClassNames();
// "lookup_source.sql": the one place a class's script file is named.
std::string ScriptFileName(const MixEntry& query_class);

struct WorkloadFile {
  std::string name;  // relative to the output directory, e.g. "params/cone.csv"
  std::string content;
  bool executable = false;
  // The class whose pgbench script this is; nullptr for every other file.
  const MixEntry* query_class = nullptr;
};
std::vector<WorkloadFile> RenderWorkload(const TierSpec& tier, const WorkloadOptions& options,
                                         const WorkloadParams& params);
// DrawWorkloadParams for the tier, then RenderWorkload.
std::vector<WorkloadFile> WorkloadFiles(const TierSpec& tier, const WorkloadOptions& options);

}  // namespace skyseed
