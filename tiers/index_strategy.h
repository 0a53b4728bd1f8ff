// For each growth step each index is kept live or set aside and rebuilt,
// whichever costs less (DESIGN principle 7). A set-aside index's name is
// stashed in skyseed.index_stash in the same transaction as the drop, so a
// killed run never leaves the database silently without an index: the next
// grow rebuilds everything in the stash.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "common/status.h"
#include "loader/pg_connection.h"
#include "schema/corpus_schema.h"

namespace skyseed {

enum class IndexAction { kKeepLive, kSetAside };

// existing: rows already in the table; added: rows this step loads.
IndexAction ChooseIndexAction(IndexKind kind, uint64_t existing, uint64_t added);

Status SetAsideIndex(PgConnection& conn, const IndexDef& index);

// Builds every stashed index (of `table` only, when given), `jobs` at a time
// on separate connections, each in the transaction that removes its stash
// entry. seconds["index <name>"] receives each build's wall time.
Status RebuildStashedIndexes(const std::string& conninfo, int jobs,
                             const std::string& maintenance_work_mem,
                             std::map<std::string, double>* seconds,
                             const TableDef* table = nullptr);

}  // namespace skyseed
