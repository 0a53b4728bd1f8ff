// The steps of a growth: reach row counts (load missing chunks with each
// index kept live or set aside), rebuild stashed indexes, VACUUM (ANALYZE),
// and record the tier with its sizes and digests.
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "common/status.h"
#include "loader/pg_connection.h"
#include "tiers/grow.h"
#include "tiers/lock_keys.h"

namespace skyseed {

using TableCounts = std::map<std::string, uint64_t>;  // "schema.name" -> rows
using PhaseSeconds = std::map<std::string, double>;

struct GrowContext {
  const GrowOptions& options;
  PgConnection& control;  // holds the grow lock
};

// Loads what the ledger lacks below `counts` (this shard's cells only, when
// sharded), setting indexes aside where that is cheaper.
Status LoadMissing(GrowContext& ctx, const TableCounts& counts, PhaseSeconds* phases);
// Builds every stashed index.
Status BuildStashedIndexes(GrowContext& ctx, PhaseSeconds* phases);
// LoadMissing, then BuildStashedIndexes.
Status GrowToCounts(GrowContext& ctx, const TableCounts& counts, PhaseSeconds* phases);
// True when the ledger holds every row below `counts`.
Result<bool> CountsComplete(GrowContext& ctx, const TableCounts& counts);
// GrowToCounts + VACUUM (ANALYZE) + the tier record, with a summary line.
Status GrowAndRecord(GrowContext& ctx, const std::string& tier, const TableCounts& counts);
// Grows in rounds until pg_database_size() reaches options.target_size.
Status GrowToSize(GrowContext& ctx);

}  // namespace skyseed
