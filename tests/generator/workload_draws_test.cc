#include "generator/workload_draws.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "generator/obscore_row.h"
#include "generator/sky_geometry.h"
#include "generator/source_row.h"
#include "generator/surveys.h"

namespace skyseed {
namespace {

// Tier ci's row counts; D2 has 35,010,000 sources.
constexpr uint64_t kCiObsCore = 10'000;
constexpr uint64_t kCiSources = 100'000;

TEST(WorkloadDraws, DefaultsAreTenThousandLookupsAndTwoThousandCones) {
  const WorkloadOptions o;
  EXPECT_EQ(o.lookups, 10000u);
  EXPECT_EQ(o.cones, 2000u);
}

TEST(WorkloadDraws, LookupsAreRowsTheTierHolds) {
  const WorkloadParams p = DrawWorkloadParams(kCiObsCore, kCiSources, {1, 10000, 10});
  std::set<uint64_t> distinct;
  for (const SourceLookup& s : p.sources) {
    ASSERT_LT(s.row, kCiSources);
    // The running number in source_id's low 35 bits is the row index.
    EXPECT_EQ(static_cast<uint64_t>(s.source_id % kSourceIdPixelFactor), s.row);
    distinct.insert(s.row);
  }
  // Drawn across the whole table, not its first rows.
  EXPECT_GT(*distinct.rbegin(), kCiSources * 9 / 10);
  EXPECT_GT(distinct.size(), 9000u);
  ObsCoreRow row;
  for (const ObsLookup& o : p.observations) {
    ASSERT_LT(o.row, kCiObsCore);
    EXPECT_EQ(static_cast<uint64_t>(o.obs_pk), o.row);
  }
  GenerateObsCoreRow(1, p.observations[0].row, &row);
  EXPECT_EQ(row.obs_id, p.observations[0].obs_id);
  SourceRow source;
  GenerateSourceRow(1, p.sources[0].row, &source);
  EXPECT_EQ(source.source_id, p.sources[0].source_id);
}

TEST(WorkloadDraws, LargeTiersDrawBeyondTwoToThe32Rows) {
  const WorkloadParams p = DrawWorkloadParams(10, uint64_t{1} << 36, {1, 200, 1});
  uint64_t max_row = 0;
  for (const SourceLookup& s : p.sources) max_row = std::max(max_row, s.row);
  EXPECT_GT(max_row, uint64_t{1} << 33);
  EXPECT_LT(max_row, uint64_t{1} << 36);
}

TEST(WorkloadDraws, ConesAreNearTheirFieldCentres) {
  const uint64_t seed = 3;
  const WorkloadParams p = DrawWorkloadParams(kCiObsCore, kCiSources, {seed, 1, 2000});
  const RadiusRange radii = ConeRadiusRange(kCiSources);
  std::map<int, int> per_survey;
  for (const ConeParam& c : p.cones) {
    const Survey& sv = SurveyAt(c.survey);
    ASSERT_LT(c.field, sv.n_fields);
    const double d =
        AngularDistanceDeg(UnitFromRaDec(c.ra, c.dec), FieldCentre(seed, c.survey, c.field));
    EXPECT_LE(d, sv.field_radius_deg + 1e-5);
    EXPECT_GE(c.radius, radii.min_deg - 1e-6);
    EXPECT_LE(c.radius, radii.max_deg + 1e-6);
    EXPECT_GE(c.dec, -90.0);
    EXPECT_LE(c.dec, 90.0);
    ++per_survey[c.survey];
  }
  // Surveys by weight: WIDE (420 of 1000) leads, every survey appears.
  EXPECT_EQ(per_survey.size(), static_cast<size_t>(SurveyCount()));
  EXPECT_GT(per_survey[0], 2000 * 35 / 100);
  EXPECT_LT(per_survey[0], 2000 * 49 / 100);
}

TEST(WorkloadDraws, RadiiAreConeSizedAndWidenForSparseTiers) {
  const RadiusRange d2 = ConeRadiusRange(35'010'000);
  EXPECT_DOUBLE_EQ(d2.min_deg, kMinConeRadiusDeg);
  EXPECT_DOUBLE_EQ(d2.max_deg, kMaxConeRadiusDeg);
  const RadiusRange ci = ConeRadiusRange(kCiSources);
  EXPECT_GT(ci.min_deg, kMinConeRadiusDeg);
  // The smallest cone expects kMinExpectedConeSources at the mean density.
  const double sky_deg2 = 41252.96124941928;
  const double expected = kCiSources / sky_deg2 * 3.141592653589793 * ci.min_deg * ci.min_deg;
  EXPECT_NEAR(expected, kMinExpectedConeSources, 1e-6);
  EXPECT_DOUBLE_EQ(ci.max_deg / ci.min_deg, kMaxConeRadiusDeg / kMinConeRadiusDeg);
}

}  // namespace
}  // namespace skyseed
