#include "grow/shard_growth.h"

#include <cstdio>

#include "grow/load_plan.h"
#include "store/advisory_locks.h"
#include "store/manifest_store.h"

namespace skyseed {
namespace {

// "shard 2/3"
std::string ShardName(const GrowPlan& o) {
  return "shard " + std::to_string(o.shard + 1) + "/" + std::to_string(o.shards);
}

}  // namespace

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

Status JoinShardPlan(PgConnection& conn, const GrowPlan& o, const std::string& tier) {
  const ShardPlan mine{tier, o.chunk_rows, o.shards};
  SKYSEED_ASSIGN_OR_RETURN(ShardPlan recorded, ClaimShardPlan(conn, mine));
  return CheckSameShardPlan(mine, recorded);
}

Result<bool> ShardShouldFinish(PgConnection& control, const GrowPlan& o, Narrator& narrator,
                               const std::string& tier, const TableRows& counts) {
  SKYSEED_ASSIGN_OR_RETURN(std::vector<LedgerEntry> ledger, ReadLedger(control));
  const bool complete = LedgerCovers(ledger, counts);
  bool locked = false, recorded = false;
  if (complete) {
    SKYSEED_ASSIGN_OR_RETURN(bool lock, TryAdvisoryLock(control, kFinishLockKey));
    locked = lock;
  }
  if (locked) {
    SKYSEED_ASSIGN_OR_RETURN(std::vector<TierRecord> tiers, ReadTiers(control));
    recorded = HasTier(tiers, tier);
  }
  switch (DecideShardFinish(complete, locked, recorded)) {
    case ShardFinish::kOthersLoading:
      narrator.Say(ShardName(o) + " of tier " + tier +
                   " loaded; other shards still loading (the last one to finish, or a plain "
                   "grow, builds the indexes and records the tier)");
      return false;
    case ShardFinish::kAnotherFinishing:
      narrator.Say(ShardName(o) + " of tier " + tier +
                   " loaded; another shard is finishing the tier");
      return false;
    case ShardFinish::kAlreadyRecorded:
      return false;
    case ShardFinish::kFinish:
      return true;
  }
  return false;
}

}  // namespace skyseed
