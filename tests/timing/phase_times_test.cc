// The phases record: what grow stores in skyseed.tier.phases, and what the
// report and status read back.
#include "timing/phase_times.h"

#include <gtest/gtest.h>

namespace skyseed {
namespace {

TEST(PhaseTimes, StoredAsOneJsonObject) {
  PhaseTimes p;
  EXPECT_EQ(PhaseTimesToJson(p), "{}");
  p.load = 2.5;
  p.indexes = 18.25;
  p.vacuum = 1.5;
  p.index_builds = {{"obscore_pkey", 1.25}, {"gaia_source_pos_idx", 3.0}};
  EXPECT_EQ(PhaseTimesToJson(p),
            R"({"index gaia_source_pos_idx":3.0,"index obscore_pkey":1.25,"indexes":18.25,)"
            R"("load":2.5,"vacuum":1.5})");
}

TEST(PhaseTimes, APhaseThatDidNotRunIsAbsent) {
  PhaseTimes p;
  PhaseTimes::Add(&p.indexes, 0.5);
  EXPECT_EQ(PhaseTimesToJson(p), R"({"indexes":0.5})");
  PhaseTimes::Add(&p.load, 0);
  EXPECT_EQ(PhaseTimesToJson(p), R"({"indexes":0.5,"load":0.0})");
}

TEST(PhaseTimes, AddAccumulates) {
  PhaseTimes p;
  PhaseTimes::Add(&p.load, 1.5);
  PhaseTimes::Add(&p.load, 2.0);
  EXPECT_EQ(p.load, 3.5);
  p.AddBuilds({{"a", 1.0}, {"b", 2.0}});
  p.AddBuilds({{"a", 0.5}});
  EXPECT_EQ(p.index_builds, (IndexBuildSeconds{{"a", 1.5}, {"b", 2.0}}));
}

TEST(PhaseTimes, ReadBack) {
  Result<PhaseTimes> p = PhaseTimesFromJson(
      R"({"load":2.4,"indexes":18,"index obscore_s_region_idx":17.9,"vacuum":1.7})");
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->load, 2.4);
  EXPECT_EQ(p->indexes, 18.0);
  EXPECT_EQ(p->vacuum, 1.7);
  EXPECT_EQ(p->index_builds, (IndexBuildSeconds{{"obscore_s_region_idx", 17.9}}));
  Result<PhaseTimes> some = PhaseTimesFromJson(R"({"load":1})");
  ASSERT_TRUE(some.ok());
  EXPECT_FALSE(some->indexes.has_value());
  EXPECT_FALSE(some->vacuum.has_value());
}

TEST(PhaseTimes, UnknownKeysAndValuesThatAreNotNumbersAreSkipped) {
  Result<PhaseTimes> p =
      PhaseTimesFromJson(R"({"load":"slow","later":3,"index x":null,"vacuum":4})");
  ASSERT_TRUE(p.ok());
  EXPECT_FALSE(p->load.has_value());
  EXPECT_TRUE(p->index_builds.empty());
  EXPECT_EQ(p->vacuum, 4.0);
}

TEST(PhaseTimes, NotAnObjectIsCorruption) {
  for (const char* text : {"", "{not json", "[1, 2]", "3", "null", R"({"load":1)"}) {
    Result<PhaseTimes> p = PhaseTimesFromJson(text);
    ASSERT_FALSE(p.ok()) << text;
    EXPECT_EQ(p.status().code(), Status::Code::kCorruption) << text;
  }
}

}  // namespace
}  // namespace skyseed
