// Sky order (gen-4, gen-5): within each step the rows follow the HEALPix
// NESTED curve, every step covers the whole sky at the model's density, and
// the tiers end on steps (tests/generator/independent_sky_test.cc: as
// independent draws do). Checked on the rows alone, against the model's own
// definitions, not against the tables the generator builds.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "generator/galactic_model.h"
#include "generator/obscore_row.h"
#include "generator/sky_steps.h"
#include "generator/source_row.h"
#include "generator/surveys.h"
#include "tiers/tier_spec.h"

namespace skyseed {
namespace {

constexpr double kSkyOrderDeg = M_PI / 180.0;

int64_t Order8Pixel(const SourceRow& s) { return (s.source_id / kSourceIdPixelFactor) >> 8; }

TEST(SkyOrder, TiersEndOnSteps) {
  uint64_t start = 0;
  for (const TierSpec& t : BuiltinTiers()) {
    const uint64_t rows = t.RowsOf(kSourceTableId);
    EXPECT_EQ(SkyStepOf(kSourceTableId, rows - 1).end(), rows) << t.name;
    EXPECT_EQ(SkyStepOf(kSourceTableId, rows - 1).first, start) << t.name;
    EXPECT_EQ(SkyStepOf(kSourceTableId, rows).first, rows) << t.name;
    start = rows;
  }
  // Past D4 each step adds half the rows before it.
  const uint64_t d4 = FindTier("D4")->RowsOf(kObsCoreTableId);
  EXPECT_EQ(SkyStepOf(kObsCoreTableId, d4).end(), d4 + d4 / 2);
}

TEST(SkyOrder, SourcesFollowTheCurveWithinAStepAndStartAgainAtTheNext) {
  SourceRow row;
  int64_t last = -1;
  int restarts = 0;
  for (uint64_t i = 0; i < 300'000; ++i) {
    GenerateSourceRow(1, i, &row);
    const int64_t pixel = Order8Pixel(row);
    if (pixel < last) {
      ++restarts;
      EXPECT_EQ(i, 100'000u) << "out of order inside a step";
    }
    last = pixel;
  }
  EXPECT_EQ(restarts, 1);  // at S's first row
}

// Probability of sin(b) in [lo, hi] (0 <= lo < hi <= 1) from the model's
// definition: a uniform part plus a truncated exponential disc.
double ProbabilitySinB(double lo, double hi) {
  using M = GalacticModel;
  const double s = M::kDiscScale;
  return M::kUniformFraction * (hi - lo) / 2.0 + (1.0 - M::kUniformFraction) / 2.0 *
                                                     (std::exp(-lo / s) - std::exp(-hi / s)) /
                                                     (1.0 - std::exp(-1.0 / s));
}

// Counts in bands of sin(b) and in quadrants of l against the model, as
// independent draws fit it.
void ExpectWholeSky(uint64_t first, uint64_t end) {
  constexpr int kBands = 20, kQuadrants = 4;
  std::vector<double> counts(kBands * kQuadrants, 0);
  SourceRow row;
  for (uint64_t i = first; i < end; ++i) {
    GenerateSourceRow(1, i, &row);
    const double z = std::sin(row.b * kSkyOrderDeg);
    const int band = std::min(kBands - 1, static_cast<int>((z + 1) / 2 * kBands));
    const int quadrant = std::min(kQuadrants - 1, static_cast<int>(row.l / 90.0));
    counts[band * kQuadrants + quadrant] += 1;
  }
  double chi2 = 0;
  const double n = static_cast<double>(end - first);
  for (int band = 0; band < kBands; ++band) {
    const double lo = -1 + 2.0 * band / kBands, hi = -1 + 2.0 * (band + 1) / kBands;
    const double p = lo >= 0   ? ProbabilitySinB(lo, hi)
                     : hi <= 0 ? ProbabilitySinB(-hi, -lo)
                               : ProbabilitySinB(0, hi) + ProbabilitySinB(0, -lo);
    for (int q = 0; q < kQuadrants; ++q) {
      const double expected = n * p / kQuadrants;
      const double d = counts[band * kQuadrants + q] - expected;
      chi2 += d * d / expected;
    }
  }
  // Chi-square critical value for 79 degrees of freedom at p = 0.001.
  EXPECT_LT(chi2, 124.8) << "rows [" << first << ", " << end << ")";
}

TEST(SkyOrder, EveryStepCoversTheWholeSkyAtTheModelsDensity) {
  ExpectWholeSky(0, 100'000);          // ci's step
  ExpectWholeSky(100'000, 1'000'000);  // S's step alone
}

int SurveyIndex(const std::string& obs_id) {
  const std::string name = obs_id.substr(0, obs_id.find('.'));
  for (int s = 0; s < SurveyCount(); ++s) {
    if (name == SurveyAt(s).short_name) return s;
  }
  return -1;
}

uint32_t FieldNumber(const std::string& obs_id) {
  return static_cast<uint32_t>(std::atoi(obs_id.c_str() + obs_id.find(".F") + 2));
}

TEST(SkyOrder, ObservationsComeInTheOrderOfTheirFieldsAlongTheCurve) {
  ObsCoreRow row;
  int64_t last = -1;
  for (uint64_t i = 0; i < 10'000; ++i) {  // ci's step
    GenerateObsCoreRow(1, i, &row);
    const int s = SurveyIndex(row.obs_id);
    ASSERT_GE(s, 0) << row.obs_id;
    const int64_t key = NestedPixel(FieldPoint(1, s, FieldNumber(row.obs_id)), 29);
    EXPECT_GE(key, last) << row.obs_id;
    last = key;
  }
}

TEST(SkyOrder, FieldsShareAStepAsIndependentDrawsWould) {
  // S's step: 90,000 observations. Each field's count is Binomial(n, its
  // share: survey weight x popularity), so the dispersion of the counts,
  // mean (O - E)^2 / E, is what independent draws give; gen-4 stratified
  // them (every field within two rows of its share, a dispersion near 0).
  std::map<std::pair<int, uint32_t>, int> counts;
  ObsCoreRow row;
  for (uint64_t i = 10'000; i < 100'000; ++i) {
    GenerateObsCoreRow(1, i, &row);
    ++counts[{SurveyIndex(row.obs_id), FieldNumber(row.obs_id)}];
  }
  double weights = 0;
  for (int s = 0; s < SurveyCount(); ++s) weights += SurveyAt(s).weight;
  std::vector<double> expected, observed;
  for (int s = 0; s < SurveyCount(); ++s) {
    const Survey& sv = SurveyAt(s);
    for (uint32_t k = 0; k < sv.n_fields; ++k) {
      const double n = sv.n_fields;
      expected.push_back(90'000 * sv.weight / weights *
                         (std::sqrt((k + 1) / n) - std::sqrt(k / n)));
      const auto it = counts.find({s, k});
      observed.push_back(it == counts.end() ? 0 : it->second);
    }
  }
  auto dispersion = [&](const std::vector<double>& o) {
    double sum = 0;
    for (size_t f = 0; f < o.size(); ++f) {
      sum += (o[f] - expected[f]) * (o[f] - expected[f]) / expected[f];
    }
    return sum / static_cast<double>(o.size());
  };
  // The range of independent draws: 30 skies of Poisson counts.
  std::mt19937_64 gen(51);
  std::vector<double> sims;
  for (int sim = 0; sim < 30; ++sim) {
    std::vector<double> o(expected.size());
    for (size_t f = 0; f < o.size(); ++f) o[f] = std::poisson_distribution<int>(expected[f])(gen);
    sims.push_back(dispersion(o));
  }
  double mean = 0, var = 0;
  for (double d : sims) mean += d / sims.size();
  for (double d : sims) var += (d - mean) * (d - mean) / (sims.size() - 1);
  EXPECT_GT(expected.size(), 30'000u);
  EXPECT_NEAR(dispersion(observed), mean, 5 * std::sqrt(var)) << "independent draws: " << mean;
}

}  // namespace
}  // namespace skyseed
