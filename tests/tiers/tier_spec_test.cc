// Tier row counts per table, and the proportions --target-size keeps.
#include "tiers/tier_spec.h"

#include <gtest/gtest.h>

#include "generator/obscore_row.h"
#include "generator/source_row.h"
#include "tests/corpus_table_defs.h"

namespace skyseed {
namespace {

TEST(TierSpec, RowsPerTable) {
  const TierSpec d1 = *FindTier("D1");
  EXPECT_EQ(d1.RowsOf(ObscoreDef()), 700'090u);
  EXPECT_EQ(d1.RowsOf(SourceDef()), 8'170'000u);
  EXPECT_EQ(d1.RowsOf(kObsCoreTableId), 700'090u);
  EXPECT_EQ(d1.RowsOf(kSourceTableId), 8'170'000u);
}

// Help texts and errors name the tiers from the catalogue itself.
TEST(TierSpec, NamesListEveryTierInOrder) {
  EXPECT_EQ(TierNames(), "ci, S, D1, D2, D3, D4");
  EXPECT_NE(FindTier("d1").status().message().find("known: ci, S, D1, D2, D3, D4"),
            std::string::npos);
}

TEST(TierSpec, AListMustGrowInEveryTable) {
  EXPECT_TRUE(ParseTierList("ci,S,D1,D2,D3,D4").ok());
  EXPECT_EQ(ParseTierList("S,ci").status().code(), Status::Code::kInvalidArgument);
  EXPECT_EQ(ParseTierList("D1,D1").status().message(),
            "tier list 'D1,D1' must name tiers in growing order");
}

}  // namespace
}  // namespace skyseed
