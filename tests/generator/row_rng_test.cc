// The hand-written conversions from PCG output to distributions, tested for
// the moments and frequencies they promise.
#include "generator/row_rng.h"

#include <gtest/gtest.h>

#include <cmath>

namespace skyseed {
namespace {

TEST(RowRng, StreamsDifferAcrossSeedTableAndRow) {
  EXPECT_NE(RowRng(1, 1, 0).Next64(), RowRng(1, 1, 1).Next64());
  EXPECT_NE(RowRng(1, 1, 0).Next64(), RowRng(1, 2, 0).Next64());
  EXPECT_NE(RowRng(1, 1, 0).Next64(), RowRng(2, 1, 0).Next64());
}

TEST(RowRng, UniformIsInRangeWithTheRightMoments) {
  double sum = 0, sum2 = 0;
  const int n = 200000;
  for (int i = 0; i < n; ++i) {
    RowRng rng(3, 9, i);
    const double u = rng.Uniform();
    ASSERT_GE(u, 0.0);
    ASSERT_LT(u, 1.0);
    const double p = rng.UniformPositive();
    ASSERT_GT(p, 0.0);
    ASSERT_LE(p, 1.0);
    sum += u;
    sum2 += u * u;
  }
  EXPECT_NEAR(sum / n, 0.5, 0.003);
  EXPECT_NEAR(sum2 / n - 0.25, 1.0 / 12, 0.002);
}

TEST(RowRng, NormalAndExponentialMoments) {
  RowRng rng(5, 1, 1);
  double s = 0, s2 = 0, e = 0;
  const int n = 400000;
  for (int i = 0; i < n; ++i) {
    const double x = rng.Normal();
    s += x;
    s2 += x * x;
    e += rng.Exponential(2.5);
  }
  EXPECT_NEAR(s / n, 0.0, 0.01);
  EXPECT_NEAR(s2 / n, 1.0, 0.01);
  EXPECT_NEAR(e / n, 2.5, 0.02);
}

TEST(RowRng, PickWeightedFollowsWeights) {
  const uint32_t cumulative[] = {100, 400, 1000};
  int counts[3] = {0, 0, 0};
  RowRng rng(8, 1, 1);
  const int n = 300000;
  for (int i = 0; i < n; ++i) ++counts[rng.PickWeighted(cumulative, 3)];
  EXPECT_NEAR(counts[0] / double(n), 0.1, 0.005);
  EXPECT_NEAR(counts[1] / double(n), 0.3, 0.005);
  EXPECT_NEAR(counts[2] / double(n), 0.6, 0.005);
}

TEST(RowRng, BelowCoversItsRange) {
  RowRng rng(2, 2, 2);
  int seen[7] = {};
  for (int i = 0; i < 7000; ++i) {
    const uint32_t k = rng.Below(7);
    ASSERT_LT(k, 7u);
    ++seen[k];
  }
  for (int c : seen) EXPECT_GT(c, 800);
}

}  // namespace
}  // namespace skyseed
