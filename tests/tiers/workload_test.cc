#include "tiers/workload.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "generator/obscore_row.h"
#include "generator/source_row.h"
#include "generator/surveys.h"

namespace skyseed {
namespace {

TierSpec Ci() { return *FindTier("ci"); }

const WorkloadFile* FindFile(const std::vector<WorkloadFile>& files, const std::string& name) {
  for (const WorkloadFile& f : files) {
    if (f.name == name) return &f;
  }
  return nullptr;
}

size_t Lines(const std::string& s) {
  return static_cast<size_t>(std::count(s.begin(), s.end(), '\n'));
}

TEST(Workload, CountsAreAsAsked) {
  const WorkloadOptions o{7, 1234, 321};
  const WorkloadParams p = DrawWorkloadParams(Ci(), o);
  EXPECT_EQ(p.sources.size(), 1234u);
  EXPECT_EQ(p.observations.size(), 1234u);
  EXPECT_EQ(p.cones.size(), 321u);
  const std::vector<WorkloadFile> files = RenderWorkload(Ci(), o, p);
  // A header line plus one line per parameter.
  EXPECT_EQ(Lines(FindFile(files, "params/lookup_source.csv")->content), 1235u);
  EXPECT_EQ(Lines(FindFile(files, "params/lookup_obs.csv")->content), 1235u);
  EXPECT_EQ(Lines(FindFile(files, "params/cone.csv")->content), 322u);
  EXPECT_NE(FindFile(files, "lookup_source.sql")->content.find("random(1, 1234)"),
            std::string::npos);
  EXPECT_NE(FindFile(files, "cone_source.sql")->content.find("random(1, 321)"), std::string::npos);
}

TEST(Workload, DefaultsAreTenThousandLookupsAndTwoThousandCones) {
  const WorkloadOptions o;
  EXPECT_EQ(o.lookups, 10000u);
  EXPECT_EQ(o.cones, 2000u);
}

TEST(Workload, LookupsAreRowsTheTierHolds) {
  const TierSpec ci = Ci();
  const WorkloadParams p = DrawWorkloadParams(ci, {1, 10000, 10});
  std::set<uint64_t> distinct;
  for (const SourceLookup& s : p.sources) {
    ASSERT_LT(s.row, ci.source_rows);
    // The running number in source_id's low 35 bits is the row index.
    EXPECT_EQ(static_cast<uint64_t>(s.source_id % kSourceIdPixelFactor), s.row);
    distinct.insert(s.row);
  }
  // Drawn across the whole table, not its first rows.
  EXPECT_GT(*distinct.rbegin(), ci.source_rows * 9 / 10);
  EXPECT_GT(distinct.size(), 9000u);
  ObsCoreRow row;
  for (const ObsLookup& o : p.observations) {
    ASSERT_LT(o.row, ci.obscore_rows);
    EXPECT_EQ(static_cast<uint64_t>(o.obs_pk), o.row);
  }
  GenerateObsCoreRow(1, p.observations[0].row, &row);
  EXPECT_EQ(row.obs_id, p.observations[0].obs_id);
  SourceRow source;
  GenerateSourceRow(1, p.sources[0].row, &source);
  EXPECT_EQ(source.source_id, p.sources[0].source_id);
}

TEST(Workload, LargeTiersDrawBeyondTwoToThe32Rows) {
  TierSpec huge{"huge", 10, uint64_t{1} << 36};
  const WorkloadParams p = DrawWorkloadParams(huge, {1, 200, 1});
  uint64_t max_row = 0;
  for (const SourceLookup& s : p.sources) max_row = std::max(max_row, s.row);
  EXPECT_GT(max_row, uint64_t{1} << 33);
  EXPECT_LT(max_row, uint64_t{1} << 36);
}

TEST(Workload, DeterministicForASeedDifferentForAnother) {
  const std::vector<WorkloadFile> a = WorkloadFiles(Ci(), {1, 500, 100});
  const std::vector<WorkloadFile> b = WorkloadFiles(Ci(), {1, 500, 100});
  const std::vector<WorkloadFile> c = WorkloadFiles(Ci(), {2, 500, 100});
  ASSERT_EQ(a.size(), b.size());
  ASSERT_EQ(a.size(), c.size());
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].name, b[i].name);
    EXPECT_EQ(a[i].content, b[i].content) << a[i].name;
  }
  for (const char* name :
       {"params/lookup_source.csv", "params/lookup_obs.csv", "params/cone.csv", "setup.sql"}) {
    EXPECT_NE(FindFile(a, name)->content, FindFile(c, name)->content) << name;
  }
}

TEST(Workload, ConesAreNearTheirFieldCentres) {
  const uint64_t seed = 3;
  const WorkloadParams p = DrawWorkloadParams(Ci(), {seed, 1, 2000});
  const RadiusRange radii = ConeRadiusRange(Ci());
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

TEST(Workload, RadiiAreConeSizedAndWidenForSparseTiers) {
  const RadiusRange d2 = ConeRadiusRange(*FindTier("D2"));
  EXPECT_DOUBLE_EQ(d2.min_deg, kMinConeRadiusDeg);
  EXPECT_DOUBLE_EQ(d2.max_deg, kMaxConeRadiusDeg);
  const RadiusRange ci = ConeRadiusRange(Ci());
  EXPECT_GT(ci.min_deg, kMinConeRadiusDeg);
  // The smallest cone expects kMinExpectedConeSources at the mean density.
  const double sky_deg2 = 41252.96124941928;
  const double expected = Ci().source_rows / sky_deg2 * 3.141592653589793 * ci.min_deg * ci.min_deg;
  EXPECT_NEAR(expected, kMinExpectedConeSources, 1e-6);
  EXPECT_DOUBLE_EQ(ci.max_deg / ci.min_deg, kMaxConeRadiusDeg / kMinConeRadiusDeg);
}

TEST(Workload, ScriptsUseTheReadmeQueryForms) {
  const std::vector<WorkloadFile> files = WorkloadFiles(Ci(), {1, 10, 10});
  const std::string circle = "scircle(spoint(radians(:ra), radians(:dec)), radians(:radius))";
  EXPECT_NE(FindFile(files, "cone_source.sql")
                ->content.find("FROM gaia.gaia_source WHERE spoint(radians(ra), radians(dec)) <@ " +
                               circle + ";"),
            std::string::npos);
  EXPECT_NE(FindFile(files, "footprint_obscore.sql")
                ->content.find("FROM ivoa.obscore WHERE (s_region::spoly) && " + circle + ";"),
            std::string::npos);
  EXPECT_NE(FindFile(files, "lookup_source.sql")
                ->content.find("SELECT * FROM gaia.gaia_source WHERE source_id = :source_id;"),
            std::string::npos);
  EXPECT_NE(FindFile(files, "lookup_obs.sql")
                ->content.find("SELECT * FROM ivoa.obscore WHERE obs_pk = :obs_pk;"),
            std::string::npos);
}

TEST(Workload, MixIsSeventyThirtyAndShippedToRun) {
  int lookups = 0, total = 0;
  for (const MixEntry& m : WorkloadMix()) {
    total += m.weight;
    if (m.lookup) lookups += m.weight;
  }
  EXPECT_EQ(total, 100);
  EXPECT_EQ(lookups, 70);
  const std::vector<WorkloadFile> files = WorkloadFiles(Ci(), {1, 10, 10});
  const WorkloadFile* readme = FindFile(files, "README.txt");
  ASSERT_NE(readme, nullptr);
  EXPECT_NE(readme->content.find("pgbench -n -f lookup_source.sql@35"), std::string::npos);
  EXPECT_NE(readme->content.find("-T 60"), std::string::npos);
  const WorkloadFile* run = FindFile(files, "run-mix.sh");
  ASSERT_NE(run, nullptr);
  EXPECT_TRUE(run->executable);
  EXPECT_NE(run->content.find("clients=(1 8 16 32)"), std::string::npos);
  for (const MixEntry& m : WorkloadMix()) EXPECT_NE(FindFile(files, m.script), nullptr);
}

TEST(Workload, SetupLoadsEveryTableInline) {
  const std::vector<WorkloadFile> files = WorkloadFiles(Ci(), {1, 10, 10});
  const std::string& setup = FindFile(files, "setup.sql")->content;
  for (const char* t : {"lookup_source", "lookup_obs", "cone"}) {
    const std::string create = std::string("CREATE TABLE skyseed_workload.") + t + " (i integer";
    EXPECT_NE(setup.find(create), std::string::npos) << t;
    const std::string copy = std::string("COPY skyseed_workload.") + t + " (";
    EXPECT_NE(setup.find(copy), std::string::npos) << t;
  }
  // The same rows as the CSVs, each ended by \. for psql.
  EXPECT_NE(setup.find(FindFile(files, "params/cone.csv")->content + "\\.\n"), std::string::npos);
  EXPECT_EQ(setup.find("\\copy"), std::string::npos);
}

}  // namespace
}  // namespace skyseed
