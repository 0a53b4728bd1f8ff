// `skyseed sweep`: for each tier in order, grow the database to it (exactly
// as `grow`, resumable), load the workload's parameters, explain each query
// class, warm up, then run pgbench windows for each client count and
// repetition until the tier saturates. Every window is recorded in the
// database as it ends, so a killed sweep resumes where it stopped.
#pragma once

#include <functional>
#include <string>

#include "common/status.h"
#include "sweep/sweep_options.h"
#include "sweep/sweep_record.h"

namespace skyseed {

// Tells options.narrator each window measured, each tier saturated and
// what evidence is missing.
Result<SweepRecord> RunSweep(const SweepOptions& options);

// "8 clients rep 2: 5123 tps, p50 1.2 ms, p95 3.4 ms, p99 5.0 ms, hit 0.999"
std::string DescribeWindow(const SweepWindow& w);

}  // namespace skyseed
