#include "sweep_record/latency_stats.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>

namespace skyseed {
namespace {

// The definition, counted out: the smallest observed value with at least
// p % of all values at or below it.
double BruteForcePercentile(const std::vector<double>& v, double p) {
  double best = INFINITY;
  for (double candidate : v) {
    size_t at_or_below = 0;
    for (double x : v) at_or_below += x <= candidate;
    if (100.0 * at_or_below >= p * v.size() && candidate < best) best = candidate;
  }
  return best;
}

TEST(LatencyStats, PercentileMatchesTheDefinition) {
  uint64_t state = 12345;
  for (int trial = 0; trial < 50; ++trial) {
    std::vector<double> v(1 + trial * 7);
    for (double& x : v) {
      state = state * 6364136223846793005ULL + 1442695040888963407ULL;
      x = static_cast<double>(state >> 40) / 1000.0;
    }
    for (double p : {1.0, 50.0, 90.0, 95.0, 99.0, 99.9, 100.0}) {
      EXPECT_EQ(Percentile(v, p), BruteForcePercentile(v, p)) << v.size() << " " << p;
    }
  }
}

TEST(LatencyStats, PercentilesOfOneToHundred) {
  std::vector<double> v;
  for (int i = 100; i >= 1; --i) v.push_back(i);
  const LatencySummary s = SummariseLatencies(v);
  EXPECT_EQ(s.count, 100u);
  EXPECT_EQ(s.p50, 50);
  EXPECT_EQ(s.p95, 95);
  EXPECT_EQ(s.p99, 99);
  EXPECT_EQ(s.max, 100);
  EXPECT_DOUBLE_EQ(s.mean, 50.5);
  EXPECT_LE(s.p50, s.p95);
  EXPECT_EQ(SummariseLatencies({}).count, 0u);
}

TEST(LatencyStats, StudentQuantilesMatchPublishedTables) {
  // Two-sided 95 % critical values from standard t tables.
  EXPECT_NEAR(StudentT975(1), 12.706, 1e-3);
  EXPECT_NEAR(StudentT975(2), 4.303, 1e-3);
  EXPECT_NEAR(StudentT975(4), 2.776, 1e-3);
  EXPECT_NEAR(StudentT975(10), 2.228, 1e-3);
  EXPECT_NEAR(StudentT975(29), 2.045, 1e-3);
  EXPECT_NEAR(StudentT975(1000), 1.962, 1e-3);
}

TEST(LatencyStats, IntervalOfThreeRepetitions) {
  // mean 2, sample sd 1, half width t(2) / sqrt(3).
  const MeanInterval m = StudentInterval95({1, 2, 3});
  EXPECT_EQ(m.n, 3);
  EXPECT_DOUBLE_EQ(m.mean, 2);
  EXPECT_NEAR(m.half_width, 4.302653 / std::sqrt(3.0), 1e-5);
  const MeanInterval one = StudentInterval95({7});
  EXPECT_EQ(one.n, 1);
  EXPECT_EQ(one.half_width, 0);
  EXPECT_EQ(StudentInterval95({5, 5, 5, 5}).half_width, 0);
}

}  // namespace
}  // namespace skyseed
