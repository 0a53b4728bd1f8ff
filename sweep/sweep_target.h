// What a sweep measures on each tier: a target, such as the database
// through pgbench (sweep/database_target.h) or a TAP service in front of it
// through tapbench (sweep/tap_target.h). RunSweep (sweep/sweep.h) grows each
// tier once and then hands it to every target in turn; SweepTierOn runs one
// target's tier in the same order for all of them, so that order is
// unit-tested on a fake (tests/sweep/fake_sweep_target.h). What a new
// target touches is listed in docs/architecture.md, under where to add.
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "common/machine_stats.h"
#include "common/narrator.h"
#include "common/status.h"
#include "sweep/server_stats.h"
#include "sweep/sweep_bench.h"
#include "sweep/sweep_options.h"
#include "sweep_record/sweep_record.h"
#include "tiers/tier_spec.h"

namespace skyseed {

// A tier as every target sees it once it is grown.
struct SweepTier {
  const TierSpec* spec = nullptr;
  std::string dir;    // <out>/<tier>: each target's files go under it
  bool held = false;  // the tables hold exactly this tier (else only recorded windows stand)
  ServerCapabilities caps;
  MachineFacts machine;
  TierSweep base;  // tier, corpus digest, size, measured corpus, missing evidence
};

class SweepTarget {
 public:
  virtual ~SweepTarget() = default;
  // What a window counts per second: its key's (sweep_record/sweep_kind_words.h).
  virtual const char* Units() const = 0;
  // Which recorded windows are its own, and their length (duration_s).
  virtual const SweepKey& Key() const = 0;
  // Its setup as its record keeps it, from the sweep's common one (options,
  // versions, server settings, machine); what it started is added once known.
  virtual nlohmann::json Describe(const nlohmann::json& common_setup) const = 0;
  // The tier's files, plans and recorded windows (returned; the key's, on
  // this tier's corpus) into *t, and what serves its windows when one is
  // still to be measured. Stop follows, whatever this returned.
  virtual Result<std::vector<SweepWindow>> PrepareTier(const SweepTier& tier, TierSweep* t) = 0;
  // What runs, records and updates its windows, once PrepareTier succeeded.
  virtual SweepBench& Bench() = 0;
  // After the tier's windows were measured (--profile-service's window).
  virtual Status FinishTier(TierSweep* t) = 0;
  // Stops what PrepareTier started; nothing when it started nothing.
  virtual Status Stop() = 0;
};

// One target's sweep of one tier into *t (tier.base, then what it
// measured): prepared, its client counts and repetitions measured
// (sweep/tier_measure.h, recorded windows reused, windows of the key's
// length), finished, and stopped whatever happened; the first failure wins.
Status SweepTierOn(SweepTarget& target, const SweepOptions& o, const SweepTier& tier, TierSweep* t,
                   Narrator& narrator);

}  // namespace skyseed
