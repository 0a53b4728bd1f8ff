// The binomial sampler behind gen-5's counts (generator/binomial.h) against
// the binomial law itself: its probabilities by lgamma for a small n, its
// mean and variance for an n of a whole step, and the edges.
#include "generator/binomial.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace skyseed {
namespace {

// Chi-square of 200,000 draws against the exact probabilities, bins with an
// expectation under 5 pooled.
double BinomialChiSquare(uint64_t n, double p, int* df) {
  constexpr int kDraws = 200'000;
  std::vector<double> counts(n + 1, 0);
  for (int k = 0; k < kDraws; ++k) {
    RowRng rng(7, 99, k);
    counts[Binomial(rng, n, p)] += 1;
  }
  double chi2 = 0, pooled_o = 0, pooled_e = 0;
  *df = -1;
  for (uint64_t x = 0; x <= n; ++x) {
    const double log_pmf = std::lgamma(n + 1.0) - std::lgamma(x + 1.0) - std::lgamma(n - x + 1.0) +
                           x * std::log(p) + (n - x) * std::log1p(-p);
    const double e = kDraws * std::exp(log_pmf);
    if (e < 5) {
      pooled_o += counts[x];
      pooled_e += e;
      continue;
    }
    chi2 += (counts[x] - e) * (counts[x] - e) / e;
    ++*df;
  }
  if (pooled_e > 0) {
    chi2 += (pooled_o - pooled_e) * (pooled_o - pooled_e) / pooled_e;
    ++*df;
  }
  return chi2;
}

double BinomialCritical(int df) {  // p = 1e-4, Wilson-Hilferty
  const double a = 2.0 / (9.0 * df);
  return df * std::pow(1.0 - a + 3.719 * std::sqrt(a), 3.0);
}

TEST(Binomial, DrawsFollowTheExactLaw) {
  // Inversion alone, the halving then inversion, and p above one half.
  for (const auto& [n, p] : {std::pair<uint64_t, double>{30, 0.2}, {400, 0.37}, {1000, 0.93}}) {
    int df = 0;
    const double chi2 = BinomialChiSquare(n, p, &df);
    EXPECT_LT(chi2, BinomialCritical(df)) << "n " << n << " p " << p;
  }
}

TEST(Binomial, MeanAndVarianceHoldForAWholeStep) {
  constexpr uint64_t kN = 68'000'000;  // D4's step of sources
  constexpr double kP = 0.37;
  constexpr int kDraws = 4000;
  double sum = 0, squares = 0;
  for (int k = 0; k < kDraws; ++k) {
    RowRng rng(3, 98, k);
    const double x = static_cast<double>(Binomial(rng, kN, kP)) - kN * kP;
    sum += x;
    squares += x * x;
  }
  const double variance = kN * kP * (1 - kP);
  EXPECT_NEAR(sum / kDraws, 0.0, 5 * std::sqrt(variance / kDraws));
  // The variance of a sample variance of normals: 2 sigma^4 / draws.
  EXPECT_NEAR(squares / kDraws / variance, 1.0, 5 * std::sqrt(2.0 / kDraws));
}

TEST(Binomial, Edges) {
  RowRng rng(1, 97, 0);
  EXPECT_EQ(Binomial(rng, 0, 0.5), 0u);
  EXPECT_EQ(Binomial(rng, 1'000'000'000, 0.0), 0u);
  EXPECT_EQ(Binomial(rng, 1'000'000'000, 1.0), 1'000'000'000u);
  for (int k = 0; k < 1000; ++k) EXPECT_LE(Binomial(rng, 3, 0.999), 3u);
}

}  // namespace
}  // namespace skyseed
