// Sharded growth: every shard must share one chunk grid, and the shard that
// completes the tier (and only it) finishes it.
#include "grow/shard_growth.h"

#include <gtest/gtest.h>

#include <vector>

#include "generator/obscore_row.h"
#include "generator/source_row.h"
#include "grow/load_plan.h"

namespace skyseed {
namespace {

TEST(ShardGrowth, EveryShardSharesOnePlan) {
  const ShardPlan mine{"ci", 3000, 2};
  EXPECT_TRUE(CheckSameShardPlan(mine, {"ci", 3000, 2}).ok());
  for (const ShardPlan& other :
       {ShardPlan{"S", 3000, 2}, ShardPlan{"ci", 4000, 2}, ShardPlan{"ci", 3000, 3}}) {
    const Status s = CheckSameShardPlan(mine, other);
    EXPECT_EQ(s.code(), Status::Code::kInvalidArgument);
  }
  EXPECT_EQ(CheckSameShardPlan({"ci", 4000, 2}, mine).message(),
            "the shards already loading this database grow tier ci with --chunk-rows 3000 in 2 "
            "shards; run every shard with the same values");
}

TEST(ShardGrowth, DecideShardFinish) {
  EXPECT_EQ(DecideShardFinish(false, false, false), ShardFinish::kOthersLoading);
  EXPECT_EQ(DecideShardFinish(true, false, false), ShardFinish::kAnotherFinishing);
  EXPECT_EQ(DecideShardFinish(true, true, true), ShardFinish::kAlreadyRecorded);
  EXPECT_EQ(DecideShardFinish(true, true, false), ShardFinish::kFinish);
}

// Three shards load their cells one after another; only the last one sees
// the tier complete, and the shards together load every row once.
TEST(ShardGrowth, TheLastShardFinishesTheTier) {
  TableRows counts{};
  counts[CorpusTableWithId(kObsCoreTableId).index] = 12;
  counts[CorpusTableWithId(kSourceTableId).index] = 7;
  const int shards = 3;
  std::vector<LedgerEntry> ledger;
  uint64_t rows = 0;
  for (int shard = 0; shard < shards; ++shard) {
    const std::vector<Chunk> mine = PlanGeneratedLoad({}, counts, {3, shard, shards});
    EXPECT_FALSE(mine.empty());
    for (const Chunk& c : mine) {
      ledger.push_back({c.table->standard_name(), c.range, {}});
      rows += c.range.count;
    }
    const bool complete = LedgerCovers(ledger, counts);
    EXPECT_EQ(complete, shard == shards - 1) << shard;
    EXPECT_EQ(DecideShardFinish(complete, complete, false),
              shard == shards - 1 ? ShardFinish::kFinish : ShardFinish::kOthersLoading);
  }
  EXPECT_EQ(rows, 12u + 7u);
  // A shard that runs again finds nothing left to load.
  EXPECT_TRUE(PlanGeneratedLoad(ledger, counts, {3, 1, shards}).empty());
}

}  // namespace
}  // namespace skyseed
