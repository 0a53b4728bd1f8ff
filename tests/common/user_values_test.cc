#include "common/user_values.h"

#include <gtest/gtest.h>

#include "generator/obscore_row.h"
#include "generator/source_row.h"
#include "tiers/tier_spec.h"

namespace skyseed {
namespace {

TEST(UserValues, Seeds) {
  EXPECT_EQ(*ParseSeed("0"), 0u);
  EXPECT_EQ(*ParseSeed("9223372036854775807"), 9223372036854775807ULL);
  EXPECT_FALSE(ParseSeed("9223372036854775808").ok());
  EXPECT_FALSE(ParseSeed("-1").ok());
  EXPECT_FALSE(ParseSeed("99999999999999999999").ok());
  EXPECT_FALSE(ParseSeed("").ok());
  EXPECT_FALSE(ParseSeed("12abc").ok());
  EXPECT_EQ(ParseSeed("x").status().code(), Status::Code::kInvalidArgument);
}

TEST(UserValues, DurationsAndPercents) {
  EXPECT_DOUBLE_EQ(*ParseMilliseconds("2s", "--slo-p95"), 2000);
  EXPECT_DOUBLE_EQ(*ParseMilliseconds("1.5 s", "--slo-p95"), 1500);
  EXPECT_DOUBLE_EQ(*ParseMilliseconds("500ms", "--slo-p95"), 500);
  EXPECT_DOUBLE_EQ(*ParseMilliseconds("250", "--slo-p95"), 250);
  for (const char* bad : {"", "s", "ms", "-1s", "0", "2 m", "abc", "1e12"}) {
    Result<double> r = ParseMilliseconds(bad, "--slo-p95");
    ASSERT_FALSE(r.ok()) << bad;
    EXPECT_EQ(r.status().message().rfind("--slo-p95 '", 0), 0u) << r.status().message();
  }
  EXPECT_DOUBLE_EQ(*ParsePercent("1%", "--slo-errors"), 0.01);
  EXPECT_DOUBLE_EQ(*ParsePercent("2.5 %", "--slo-errors"), 0.025);
  EXPECT_FALSE(ParsePercent("0%", "--slo-errors").ok());
  EXPECT_FALSE(ParsePercent("x", "--slo-errors").ok());
}

TEST(UserValues, Sizes) {
  EXPECT_EQ(*ParseSize("10GiB"), 10ULL << 30);
  EXPECT_EQ(*ParseSize("500MB"), 500'000'000ULL);
  EXPECT_EQ(*ParseSize("1.5TiB"), 3ULL << 39);
  EXPECT_EQ(*ParseSize("4096"), 4096u);
  EXPECT_EQ(*ParseSize("2gib"), 2ULL << 30);
  EXPECT_FALSE(ParseSize("10XB").ok());
  EXPECT_FALSE(ParseSize("-1").ok());
  EXPECT_FALSE(ParseSize("0").ok());
  EXPECT_FALSE(ParseSize("").ok());
  EXPECT_FALSE(ParseSize("GiB").ok());
  EXPECT_FALSE(ParseSize("99999999999999999999TiB").ok());
  EXPECT_FALSE(ParseSize("1..5GiB").ok());
}

TEST(UserValues, Shards) {
  EXPECT_EQ(*ParseShard("2/3"), std::make_pair(1, 3));
  EXPECT_EQ(*ParseShard("1/1"), std::make_pair(0, 1));
  EXPECT_FALSE(ParseShard("0/3").ok());
  EXPECT_FALSE(ParseShard("4/3").ok());
  EXPECT_FALSE(ParseShard("3").ok());
  EXPECT_FALSE(ParseShard("/3").ok());
  EXPECT_FALSE(ParseShard("1/").ok());
  EXPECT_FALSE(ParseShard("a/b").ok());
  EXPECT_FALSE(ParseShard("1/99999999999999999999").ok());
}

TEST(TierSpec, NamesAndLists) {
  EXPECT_EQ(FindTier("D1")->name, "D1");
  // One spelling per tier: a database records the name as typed.
  for (const char* wrong : {"d1", "s", "CI", "Ci", "d4"}) {
    const Result<TierSpec> t = FindTier(wrong);
    ASSERT_FALSE(t.ok()) << wrong;
    EXPECT_NE(t.status().message().find("case-sensitive"), std::string::npos);
  }
  EXPECT_EQ(FindTier("ci")->RowsOf(kObsCoreTableId), 10000u);
  EXPECT_EQ(FindTier("ci")->RowsOf(kSourceTableId), 100000u);
  EXPECT_FALSE(FindTier("D9").ok());
  const auto list = ParseTierList("S,D1,D2");
  ASSERT_TRUE(list.ok());
  ASSERT_EQ(list->size(), 3u);
  EXPECT_EQ((*list)[2].name, "D2");
  EXPECT_FALSE(ParseTierList("").ok());
  EXPECT_FALSE(ParseTierList("S,,D1").ok());
  EXPECT_FALSE(ParseTierList("D1,S").ok());
  EXPECT_FALSE(ParseTierList("S,S").ok());
  EXPECT_FALSE(ParseTierList("S,").ok());
  // Each tier is a prefix of the next: every table grows or stays.
  const auto& tiers = BuiltinTiers();
  for (size_t i = 1; i < tiers.size(); ++i) {
    for (const TableDef& t : CorpusTables()) {
      EXPECT_GT(tiers[i].RowsOf(t), tiers[i - 1].RowsOf(t)) << tiers[i].name << " " << t.name;
    }
  }
}

}  // namespace
}  // namespace skyseed
