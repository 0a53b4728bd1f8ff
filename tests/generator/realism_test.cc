// gen-4 and gen-5 put the rows in sky order without changing what they are: at tier
// S, seed 1, every histogram a user would look at (sky density, magnitudes,
// colours, astrometry, counts per survey and per field, times, energies,
// footprint sizes) is compared with gen-3's, computed from gen-3's own rows
// by the same histogram code built against that generator
// (scripts/realism-fixture.sh wrote gen3_histograms_S.csv).
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>

#include "tests/generator/realism_histograms.h"

namespace skyseed {
namespace {

// Chi-square critical value at p = 1e-4 (Wilson-Hilferty).
double ChiSquareCritical(int df) {
  const double a = 2.0 / (9.0 * df);
  return df * std::pow(1.0 - a + 3.719 * std::sqrt(a), 3.0);
}

TEST(Realism, Gen5MatchesGen3AtTierS) {
  std::ifstream in(std::string(SKYSEED_TEST_FIXTURES_DIR) + "/gen3_histograms_S.csv");
  ASSERT_TRUE(in.good());
  std::stringstream text;
  text << in.rdbuf();
  const Histograms gen3 = ParseHistogramsCsv(text.str());
  const Histograms gen4 = CorpusHistograms(1, 100'000, 1'000'000);
  ASSERT_GE(gen3.size(), 25u);
  ASSERT_EQ(gen3.size(), gen4.size());
  for (const auto& [name, a] : gen3) {
    const auto it = gen4.find(name);
    ASSERT_NE(it, gen4.end()) << name;
    const std::vector<double>& b = it->second;
    ASSERT_EQ(a.size(), b.size()) << name;
    double total_a = 0, total_b = 0;
    for (size_t i = 0; i < a.size(); ++i) total_a += a[i], total_b += b[i];
    ASSERT_GT(total_a, 0) << name;
    ASSERT_GT(total_b, 0) << name;
    // Two-sample chi-square; the totals differ where a histogram counts a
    // random share of the rows (one survey's fields).
    const double ka = std::sqrt(total_b / total_a), kb = std::sqrt(total_a / total_b);
    double chi2 = 0;
    int bins = 0;
    for (size_t i = 0; i < a.size(); ++i) {
      if (a[i] + b[i] == 0) continue;
      chi2 += (ka * a[i] - kb * b[i]) * (ka * a[i] - kb * b[i]) / (a[i] + b[i]);
      ++bins;
    }
    if (bins < 2) continue;
    EXPECT_LT(chi2, ChiSquareCritical(bins - 1)) << name << " over " << bins << " bins";
  }
}

}  // namespace
}  // namespace skyseed
