// `skyseed sweep`: for each tier in order, grow the database to it (exactly
// as `grow`, resumable), load the workload's parameters, explain each query
// class, warm up, then run pgbench windows for each client count and
// repetition until the tier saturates; then, for --target tap or both, the
// same windows through a TAP service with skyseed tapbench. Every window is recorded in the
// database as it ends, so a killed sweep resumes where it stopped.
#pragma once

#include <functional>
#include <string>

#include "capacity/service_share.h"
#include "capacity/sweep_record.h"
#include "common/status.h"
#include "sweep/sweep_options.h"

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
// what evidence is missing.
Result<SweepResult> RunSweep(const SweepOptions& options);

// Whether a tier with these windows recorded still has one to measure: a
// repetition missing (or flagged, under --remeasure-flagged) before its
// recorded steps saturate the tier (the client counts after saturation are
// never measured).
bool WindowsLeftToMeasure(const SweepOptions& o, const std::vector<SweepWindow>& recorded);

// "tap-sweep tiers=ci,S max_rps=212 p95_ms_at_max=41.5 limit_ci=none
// service_share_p50_ci=0.68 limit_S=tap-cpu service_share_p50_S=0.71": the
// TAP sweep in one line (max over every tier's steps; each tier's limit and
// service share).
std::string TapSweepLine(const SweepResult& r);

// "8 clients rep 2: 5123 tps, p50 1.2 ms, p95 3.4 ms, p99 5.0 ms, hit 0.999"
// `rate` names what the window counts per second ("tps", "req/s").
std::string DescribeWindow(const SweepWindow& w, const char* rate = "tps");

}  // namespace skyseed
