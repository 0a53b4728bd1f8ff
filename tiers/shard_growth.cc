#include "tiers/shard_growth.h"

#include <cstdio>

#include "tiers/advisory_locks.h"
#include "tiers/load_plan.h"

namespace skyseed {

Status CheckSameShardPlan(const ShardPlan& mine, const ShardPlan& recorded) {
  if (recorded.tier == mine.tier && recorded.chunk_rows == mine.chunk_rows &&
      recorded.shards == mine.shards) {
    return Status::Ok();
  }
  return Status::InvalidArgument(
      "the shards already loading this database grow tier " + recorded.tier +
      " with --chunk-rows " + std::to_string(recorded.chunk_rows) + " in " +
      std::to_string(recorded.shards) + " shards; run every shard with the same values");
}

ShardFinish DecideShardFinish(bool tier_complete, bool finish_lock, bool recorded) {
  if (!tier_complete) return ShardFinish::kOthersLoading;
  if (!finish_lock) return ShardFinish::kAnotherFinishing;
  return recorded ? ShardFinish::kAlreadyRecorded : ShardFinish::kFinish;
}

Status JoinShardPlan(PgConnection& conn, const GrowOptions& o, const std::string& tier) {
  const ShardPlan mine{tier, o.chunk_rows, o.shards};
  Result<ShardPlan> recorded = ClaimShardPlan(conn, mine);
  if (!recorded.ok()) return recorded.status();
  return CheckSameShardPlan(mine, *recorded);
}

Result<bool> ShardShouldFinish(PgConnection& control, const GrowOptions& o, const std::string& tier,
                               const TableRows& counts) {
  Result<std::vector<LedgerEntry>> ledger = ReadLedger(control);
  if (!ledger.ok()) return ledger.status();
  const bool complete = LedgerCovers(*ledger, counts);
  bool locked = false, recorded = false;
  if (complete) {
    Result<bool> lock = TryAdvisoryLock(control, kFinishLockKey);
    if (!lock.ok()) return lock.status();
    locked = *lock;
  }
  if (locked) {
    Result<std::vector<TierRecord>> tiers = ReadTiers(control);
    if (!tiers.ok()) return tiers.status();
    recorded = HasTier(*tiers, tier);
  }
  switch (DecideShardFinish(complete, locked, recorded)) {
    case ShardFinish::kOthersLoading:
      std::printf(
          "shard %d/%d of tier %s loaded; other shards still loading (the last one to "
          "finish, or a plain grow, builds the indexes and records the tier)\n",
          o.shard + 1, o.shards, tier.c_str());
      return false;
    case ShardFinish::kAnotherFinishing:
      std::printf("shard %d/%d of tier %s loaded; another shard is finishing the tier\n",
                  o.shard + 1, o.shards, tier.c_str());
      return false;
    case ShardFinish::kAlreadyRecorded:
      return false;
    case ShardFinish::kFinish:
      return true;
  }
  return false;
}

}  // namespace skyseed
