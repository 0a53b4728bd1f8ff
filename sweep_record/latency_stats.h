// The statistics of a capacity sweep: latency percentiles from single
// transactions, and 95 % Student-t intervals over repetitions.
#pragma once

#include <cstdint>
#include <vector>

namespace skyseed {

// Nearest-rank percentile: the smallest value with at least p % of the values
// at or below it (so it is always a latency that was observed). p in (0, 100];
// `values` need not be sorted; 0 when empty.
double Percentile(std::vector<double> values, double p);

struct LatencySummary {
  uint64_t count = 0;  // completed transactions
  double mean = 0, p50 = 0, p95 = 0, p99 = 0, max = 0;
};
LatencySummary SummariseLatencies(std::vector<double> values);

// Mean of repetitions with the half width of its two-sided 95 % Student-t
// interval (mean ± half_width). With one value the half width is 0 and
// `n` says there was nothing to spread.
struct MeanInterval {
  int n = 0;
  double mean = 0;
  double half_width = 0;
};
MeanInterval StudentInterval95(const std::vector<double>& values);

// t such that P(|T| <= t) = 0.95 with `df` degrees of freedom (df >= 1).
double StudentT975(int df);

}  // namespace skyseed
