// Sharded growth (--shard K/N): N processes grow one database together, each
// loading the chunk-grid cells it owns (grow/load_plan.h). Every shard must
// cut the same grid into the same number of shards, and the shard that finds
// the tier complete builds the indexes and records it, unless another shard
// already is (the finish lock) or has (the tier record).
#pragma once

#include <string>

#include "common/status.h"
#include "generator/corpus_tables.h"
#include "grow/grow.h"
#include "loader/pg_connection.h"
#include "store/manifest_records.h"

namespace skyseed {

// InvalidArgument, saying what the others use, unless `recorded` (the plan
// of the shards already loading) is `mine`.
Status CheckSameShardPlan(const ShardPlan& mine, const ShardPlan& recorded);

enum class ShardFinish {
  kOthersLoading,     // the ledger lacks rows other shards still load
  kAnotherFinishing,  // another shard holds the finish lock
  kAlreadyRecorded,   // another shard finished the tier
  kFinish,            // this shard builds the indexes and records the tier
};
// tier_complete: the ledger covers the tier. finish_lock: this shard took
// the finish lock (tried only once complete). recorded: the tier has a
// record (read only under the lock).
ShardFinish DecideShardFinish(bool tier_complete, bool finish_lock, bool recorded);

// Records this shard's plan of `tier` or checks it against the recorded one.
Status JoinShardPlan(PgConnection& conn, const GrowPlan& plan, const std::string& tier);
// Once this shard has loaded its cells: whether it finishes the tier. Says
// why not on stdout.
Result<bool> ShardShouldFinish(PgConnection& control, const GrowPlan& plan, Narrator& narrator,
                               const std::string& tier, const TableRows& counts);

}  // namespace skyseed
