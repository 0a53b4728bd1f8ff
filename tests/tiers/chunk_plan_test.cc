#include "tiers/chunk_plan.h"

#include <gtest/gtest.h>

namespace skyseed {
namespace {

bool Same(const std::vector<RowRange>& a, const std::vector<RowRange>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i].first != b[i].first || a[i].count != b[i].count) return false;
  }
  return true;
}

TEST(ChunkPlan, MissingRangesFillTheGaps) {
  EXPECT_TRUE(Same(MissingRanges({}, 10), {{0, 10}}));
  EXPECT_TRUE(Same(MissingRanges({{0, 10}}, 10), {}));
  EXPECT_TRUE(Same(MissingRanges({{5, 3}, {0, 2}}, 10), {{2, 3}, {8, 2}}));
  EXPECT_TRUE(Same(MissingRanges({{0, 4}, {2, 4}}, 8), {{6, 2}}));
  EXPECT_TRUE(Same(MissingRanges({{0, 20}}, 10), {}));
}

TEST(ChunkPlan, SplitRespectsTheChunkSize) {
  EXPECT_TRUE(Same(SplitRanges({{0, 7}, {10, 2}}, 3), {{0, 3}, {3, 3}, {6, 1}, {10, 2}}));
}

TEST(ChunkPlan, SplitFollowsTheGridSoShardsAgree) {
  EXPECT_TRUE(Same(SplitRanges({{4, 7}}, 3), {{4, 2}, {6, 3}, {9, 2}}));
  // Every cell has exactly one owner among the shards.
  for (uint64_t first = 0; first < 30; first += 3) {
    int owners = 0;
    for (int k = 0; k < 4; ++k) owners += ShardOwns({first, 3}, 3, k, 4);
    EXPECT_EQ(owners, 1);
  }
}

}  // namespace
}  // namespace skyseed
