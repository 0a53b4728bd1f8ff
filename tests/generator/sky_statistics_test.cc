// Statistical tests of the generated sky that fail when the model is wrong:
// uniform per unit area where it should be, the Galactic-plane excess by the
// configured factor, and the ranges and relations ObsCore promises.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <set>
#include <string>
#include <vector>

#include "generator/galactic_model.h"
#include "generator/obscore_row.h"
#include "generator/source_row.h"
#include "generator/surveys.h"

namespace skyseed {
namespace {

constexpr double kSkyStatisticsDeg = M_PI / 180.0;

// Chi-square critical value at p = 0.001 (Wilson-Hilferty).
double SkyStatisticsChiSquareCritical(int df) {
  const double a = 2.0 / (9.0 * df);
  return df * std::pow(1.0 - a + 3.09 * std::sqrt(a), 3.0);
}

// Probability that a source has sin(b) in [lo, hi] (0 <= lo < hi <= 1), from
// the model's definition: uniform part plus truncated exponential disc.
double SkyStatisticsProbabilitySinB(double lo, double hi) {
  using M = GalacticModel;
  const double s = M::kDiscScale;
  const double uniform = M::kUniformFraction * (hi - lo) / 2.0;
  const double disc = (1.0 - M::kUniformFraction) / 2.0 * (std::exp(-lo / s) - std::exp(-hi / s)) /
                      (1.0 - std::exp(-1.0 / s));
  return uniform + disc;
}

std::vector<SourceRow> Sources(int n) {
  std::vector<SourceRow> rows(n);
  for (int i = 0; i < n; ++i) GenerateSourceRow(11, i, &rows[i]);
  return rows;
}

TEST(SkyStatistics, SourcesAreUniformPerUnitAreaAwayFromThePlane) {
  const auto rows = Sources(100000);  // ci's step: a whole sky
  constexpr int kL = 12, kZ = 8;
  const double z0 = std::sin(40 * kSkyStatisticsDeg);
  std::vector<double> counts(2 * kL * kZ, 0);
  for (const SourceRow& r : rows) {
    const double z = std::sin(r.b * kSkyStatisticsDeg);
    if (std::fabs(z) < z0) continue;
    const int zi = std::min(kZ - 1, static_cast<int>((std::fabs(z) - z0) / (1 - z0) * kZ));
    const int li = std::min(kL - 1, static_cast<int>(r.l / 360.0 * kL));
    counts[(z > 0 ? 0 : kL * kZ) + zi * kL + li] += 1;
  }
  double chi2 = 0;
  for (int h = 0; h < 2; ++h) {
    for (int zi = 0; zi < kZ; ++zi) {
      const double lo = z0 + (1 - z0) * zi / kZ, hi = z0 + (1 - z0) * (zi + 1) / kZ;
      const double expected = rows.size() * SkyStatisticsProbabilitySinB(lo, hi) / kL;
      for (int li = 0; li < kL; ++li) {
        const double d = counts[h * kL * kZ + zi * kL + li] - expected;
        chi2 += d * d / expected;
      }
    }
  }
  EXPECT_LT(chi2, SkyStatisticsChiSquareCritical(2 * kL * kZ - 1));
}

TEST(SkyStatistics, PlaneIsDenserThanThePolesByTheConfiguredFactor) {
  const auto rows = Sources(100000);  // ci's step: a whole sky
  double n_plane = 0, n_cap = 0;
  const double z10 = std::sin(10 * kSkyStatisticsDeg), z60 = std::sin(60 * kSkyStatisticsDeg);
  for (const SourceRow& r : rows) {
    const double z = std::fabs(std::sin(r.b * kSkyStatisticsDeg));
    if (z < z10) n_plane += 1;
    if (z > z60) n_cap += 1;
  }
  const double measured = (n_plane / z10) / (n_cap / (1 - z60));
  const double expected = (SkyStatisticsProbabilitySinB(0, z10) / z10) /
                          (SkyStatisticsProbabilitySinB(z60, 1) / (1 - z60));
  EXPECT_GT(expected, 5.0);            // a real excess, not a flat sky
  EXPECT_NEAR(expected, 7.95, 0.005);  // the contrast docs/corpus.md states
  EXPECT_NEAR(measured / expected, 1.0, 0.05);
}

TEST(SkyStatistics, GalacticAndEquatorialCoordinatesAgree) {
  // Independent rotation with libm: b from (ra, dec) must match the stored b.
  const double r[3][3] = {{-0.0548755604, -0.8734370902, -0.4838350155},
                          {+0.4941094279, -0.4448296300, +0.7469822445},
                          {-0.8676661490, -0.1980763734, +0.4559837762}};
  for (const SourceRow& s : Sources(2000)) {
    const double x[3] = {std::cos(s.dec * kSkyStatisticsDeg) * std::cos(s.ra * kSkyStatisticsDeg),
                         std::cos(s.dec * kSkyStatisticsDeg) * std::sin(s.ra * kSkyStatisticsDeg),
                         std::sin(s.dec * kSkyStatisticsDeg)};
    const double zg = r[2][0] * x[0] + r[2][1] * x[1] + r[2][2] * x[2];
    // sin(b), not b: asin is ill-conditioned at the poles.
    EXPECT_NEAR(zg, std::sin(s.b * kSkyStatisticsDeg), 1e-9);
  }
}

TEST(SkyStatistics, SourceRangesAndLuminosityFunction) {
  const auto rows = Sources(200000);
  std::vector<double> per_mag(30, 0);
  int two_parameter = 0;
  std::set<int64_t> ids;
  for (const SourceRow& s : rows) {
    ASSERT_GE(s.ra, 0.0);
    ASSERT_LT(s.ra, 360.0);
    ASSERT_GE(s.dec, -90.0);
    ASSERT_LE(s.dec, 90.0);
    ASSERT_LE(s.phot_g_mean_mag, 21.0f);
    ASSERT_GE(s.phot_g_mean_mag, 3.0f);
    ASSERT_GT(s.ra_error, 0.0f);
    per_mag[static_cast<int>(s.phot_g_mean_mag)] += 1;
    if (s.parallax.null) ++two_parameter;
    ids.insert(s.source_id);
  }
  EXPECT_EQ(ids.size(), rows.size());
  // Counts rise ~0.32 dex per magnitude where the catalogue is complete.
  const double slope = (std::log10(per_mag[18]) - std::log10(per_mag[14])) / 4.0;
  EXPECT_NEAR(slope, GalacticModel::kCountSlope, 0.03);
  // Past the completeness limit the counts per magnitude stay flat.
  EXPECT_NEAR(per_mag[20] / per_mag[19], 1.0, 0.05);
  const double fraction = two_parameter / static_cast<double>(rows.size());
  EXPECT_GT(fraction, 0.15);
  EXPECT_LT(fraction, 0.30);
}

TEST(SkyStatistics, FieldCentresAreUniformOnTheSphere) {
  constexpr int kRa = 10, kZ = 10, kFields = 20000;
  std::vector<double> counts(kRa * kZ, 0);
  for (uint32_t f = 0; f < kFields; ++f) {
    const Vec3 c = FieldCentre(5, 0, f);
    double ra = std::atan2(c.y(), c.x()) / kSkyStatisticsDeg;
    if (ra < 0) ra += 360;
    const int ri = std::min(kRa - 1, static_cast<int>(ra / 360 * kRa));
    const int zi = std::min(kZ - 1, static_cast<int>((c.z() + 1) / 2 * kZ));
    counts[zi * kRa + ri] += 1;
  }
  double chi2 = 0;
  const double expected = static_cast<double>(kFields) / (kRa * kZ);
  for (double c : counts) chi2 += (c - expected) * (c - expected) / expected;
  EXPECT_LT(chi2, SkyStatisticsChiSquareCritical(kRa * kZ - 1));
}

double SeparationDeg(double ra1, double dec1, double ra2, double dec2) {
  const double a = std::sin((dec2 - dec1) * kSkyStatisticsDeg / 2),
               b = std::sin((ra2 - ra1) * kSkyStatisticsDeg / 2);
  return 2 *
         std::asin(std::sqrt(a * a + std::cos(dec1 * kSkyStatisticsDeg) *
                                         std::cos(dec2 * kSkyStatisticsDeg) * b * b)) /
         kSkyStatisticsDeg;
}

TEST(SkyStatistics, ObsCoreRowsKeepTheirPromises) {
  const std::set<std::string> vocabulary = {"image",      "cube",       "spectrum", "sed",
                                            "timeseries", "visibility", "event",    "measurements"};
  ObsCoreRow row;
  std::set<std::string> obs_ids;
  for (int i = 0; i < 20000; ++i) {
    GenerateObsCoreRow(3, i, &row);
    ASSERT_GE(row.s_ra, 0.0);
    ASSERT_LT(row.s_ra, 360.0);
    ASSERT_GE(row.s_dec, -90.0);
    ASSERT_LE(row.s_dec, 90.0);
    ASSERT_LT(row.t_min, row.t_max);
    ASSERT_LT(row.em_min, row.em_max);
    ASSERT_GT(row.s_fov, 0.0);
    ASSERT_GE(row.calib_level, 0);
    ASSERT_LE(row.calib_level, 3);
    ASSERT_TRUE(vocabulary.count(row.dataproduct_type)) << row.dataproduct_type;
    obs_ids.insert(row.obs_id);
    // Every vertex lies within s_fov/2 of the centre (1e-6 deg rounding aside).
    int vertices = 0;
    const char* p = row.s_region.c_str();
    ASSERT_EQ(*p, '{');
    double ra, dec;
    int used = 0;
    while (std::sscanf(p, "%*[{,(]%lfd,%lfd)%n", &ra, &dec, &used) == 2) {
      p += used;
      ++vertices;
      ASSERT_LE(SeparationDeg(row.s_ra, row.s_dec, ra, dec), row.s_fov / 2 + 2e-6) << row.s_region;
    }
    ASSERT_STREQ(p, "}") << row.s_region;
    ASSERT_TRUE(vertices == 4 || vertices == 8) << row.s_region;
  }
  EXPECT_EQ(obs_ids.size(), 20000u);
}

}  // namespace
}  // namespace skyseed
