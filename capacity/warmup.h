// "Warm up until warm": the rule that decides when a tier's warm-up has
// reached the steady state its measured windows should see, from the short
// warm-up intervals run so far.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "sweep_record/guard_flag.h"
#include "sweep_record/warmup_record.h"

namespace skyseed {

struct WarmupRule {
  // 5 s: long enough for pgbench to count tens of thousands of transactions
  // (its noise is then far below the tolerance), short enough that a warm
  // tier costs only 15 s of the bound.
  int interval_s = 5;
  // The bound (--warmup). 120 s: a grown tier's cache refills from disk at
  // its read rate; two minutes covered the slowest first window users saw
  // (a 10 s warm-up left 168 reads/s), and a warm-up that needs longer says
  // more about the tier (it does not fit the cache) than about warmth.
  int max_s = 120;
  // Settled once this many successive comparisons agree (three intervals):
  // one agreeing pair can be a pause in a climb; two in a row rarely are.
  int steady_comparisons = 2;
  // Relative change of throughput and reads allowed between intervals: at
  // the sweep's own saturation step (a 10 % gain is what counts as more
  // throughput there) and above the few-percent drift of a shared host.
  double relative_tolerance = 0.10;
  // Absolute hit-ratio change allowed: a third of the cold gap users saw
  // (0.9983 against 0.9999), far above the noise of the thousands of block
  // accesses a warm interval makes.
  double hit_tolerance = 0.0005;
  // Counts (transactions, block reads) are compared within this many
  // standard deviations of Poisson noise, sqrt(a + b) for a difference: a
  // TAP interval holds ~50 requests, where 10 % is well inside the noise.
  // Three, because calling a warm tier cold costs a flagged window while a
  // small leftover warm-up is still caught afterwards (cold_windows.h).
  double noise_sigmas = 3;
  // A tier larger than the cache never reaches agreeing intervals: each
  // reads what the cones of that moment miss, and the per-transaction cost
  // varies far beyond Poisson noise. It is as warm as it gets once the last
  // trend_intervals show no trend: the Mann-Kendall statistic of their
  // throughput, block reads and hit ratio (the number of later-larger minus
  // later-smaller pairs, within ±15 for six) stays within ±trend_max_s for
  // each. A warming cache reads less and serves more interval after interval
  // (a steady fall scores -15); six trendless intervals score beyond ±7 one
  // time in seven (98 of the 720 orders), which costs one more interval.
  int trend_intervals = 6;
  int trend_max_s = 7;
};

// Whether the rule can judge within its bound: it needs steady_comparisons
// + 1 intervals. A shorter bound (e.g. --warmup 1 in a smoke run) is a fixed
// warm-up of max_s seconds, as skyseed ran before, and never called cold.
bool WarmupJudged(const WarmupRule& rule);

// Whether `b`, the interval after `a`, measured the same steady state:
// throughput and block reads within the relative tolerance or the Poisson
// noise of their counts, the hit ratio within hit_tolerance (or within the
// relative tolerance of the miss ratio, for tiers that never fit the cache,
// or moved by so few reads that noise explains it).
bool WarmupIntervalsAgree(const WarmupInterval& a, const WarmupInterval& b, const WarmupRule& rule);

// The Mann-Kendall trend statistic: over every pair of values, +1 when the
// later one is larger, -1 when it is smaller.
int MannKendallS(const std::vector<double>& values);

// Whether the intervals so far have settled: the last steady_comparisons
// successive pairs agree, or the last trend_intervals show no trend in
// throughput, block reads or hit ratio.
bool WarmupSettled(const std::vector<WarmupInterval>& intervals, const WarmupRule& rule);

// The seconds of the next interval, or 0 when the warm-up is over (settled,
// or the bound reached). A judged warm-up's last interval is cut to end at
// the bound; a fixed one is one interval of max_s.
int NextWarmupSeconds(const std::vector<WarmupInterval>& intervals, const WarmupRule& rule);

// The outcome once NextWarmupSeconds returned 0.
WarmupOutcome WarmupOutcomeOf(const std::vector<WarmupInterval>& intervals, const WarmupRule& rule);

// The flag of a tier's first measured window after a warm-up that reached
// its bound unsettled (the warm cache guard's: "cold: warm-up did not settle
// in 120 s"); none for any other outcome.
std::optional<GuardFlag> WarmupColdFlag(const WarmupRecord& r);

}  // namespace skyseed
