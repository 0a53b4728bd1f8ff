// `skyseed sweep`: for each tier in order, grow the database to it (exactly
// as `grow`, resumable), then hand it to each target --target asks for
// (sweep/sweep_target.h), in order: the database (load the workload's
// parameters, explain each query class, warm up, then run pgbench windows
// for each client count and repetition until the tier saturates), then a
// TAP service (the same windows with skyseed tapbench). Every window is
// recorded in the database as it ends, so a killed sweep resumes where it
// stopped.
#pragma once

#include <functional>
#include <string>

#include "capacity/service_share.h"
#include "common/status.h"
#include "sweep/sweep_options.h"
#include "sweep/tap_target.h"
#include "sweep_record/sweep_record.h"

namespace skyseed {

// What a sweep measured: the database sweep, the TAP sweep (a record with no
// tiers when that target was not measured) and, when both were, the
// service's share of each class's latency.
struct SweepResult {
  SweepRecord database;
  SweepRecord tap;
  std::vector<ServiceShare> shares;
};

// Tells options.narrator each window measured, each tier saturated and
// what evidence is missing. The caller holds the sweep lock
// (store/advisory_locks.h) for as long as it runs, and the sweep's record
// (options.tap.record) when it runs on the embedded cluster.
Result<SweepResult> RunSweep(const SweepOptions& options);

// The TAP sweep in one line (tap_target.h).
inline std::string TapSweepLine(const SweepResult& r) { return TapSweepLine(r.tap, r.shares); }

}  // namespace skyseed
