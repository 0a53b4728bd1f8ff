// Measuring one tier of a sweep, whichever load generator runs its windows
// (pgbench on the database, tapbench on a TAP service): the client counts
// and repetitions in order, recorded windows reused, a warm-up before the
// first window measured, cold windows flagged, and no more clients once the
// tier saturates.
#pragma once

#include <string>
#include <vector>

#include "common/narrator.h"
#include "common/status.h"
#include "sweep/sweep_bench.h"
#include "sweep/sweep_options.h"
#include "sweep_record/sweep_record.h"

namespace skyseed {

// Whether a tier with these windows recorded still has one to measure: a
// repetition missing (or flagged, under --remeasure-flagged) before its
// recorded steps saturate the tier (the client counts after saturation are
// never measured).
bool WindowsLeftToMeasure(const SweepOptions& o, const std::vector<SweepWindow>& recorded);

// The client counts and repetitions of one tier on `bench`, reusing
// recorded windows (`done`; a flagged one is measured again only under
// --remeasure-flagged). The warm-up runs before the first window measured
// in this run (after a grow or a restart the cache is cold; a rerun that
// measures nothing new warms nothing). Once a step's repetitions are
// complete, a window clearly colder than the others is flagged, recorded
// ones too, and its record updated, so a rerun and the report see the same
// flags. A tier the database has grown past (`held` false) is only
// concluded from what was recorded: its windows cannot be measured on
// another tier's rows. `rate` names what a window counts ("tps", "req/s").
Status MeasureTier(SweepBench& bench, const SweepOptions& o, const char* rate,
                   const std::vector<SweepWindow>& done, bool held, TierSweep* t,
                   Narrator& narrator);

// "8 clients rep 2: 5123 tps, p50 1.2 ms, p95 3.4 ms, p99 5.0 ms, hit 0.999"
// `rate` names what the window counts per second ("tps", "req/s").
std::string DescribeWindow(const SweepWindow& w, const char* rate = "tps");

}  // namespace skyseed
