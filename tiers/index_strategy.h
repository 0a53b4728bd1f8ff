// For each growth step each index is kept live or set aside and rebuilt,
// whichever costs less (DESIGN principle 7), and set-aside indexes are
// rebuilt in an order that keeps every build from queueing behind another.
// Pure decisions over plain values; tiers/index_builds.h acts on them.
#pragma once

#include <cstdint>
#include <vector>

#include "common/status.h"
#include "schema/corpus_schema.h"
#include "tiers/chunk_ledger.h"
#include "tiers/chunk_plan.h"
#include "tiers/manifest_store.h"

namespace skyseed {

enum class IndexAction { kKeepLive, kSetAside };

// existing: rows already in the table; added: rows this step loads.
IndexAction ChooseIndexAction(IndexKind kind, uint64_t existing, uint64_t added);

// The indexes of `indexes` to set aside before loading `chunks` onto what
// the ledger holds: those not stashed already, whose table the step adds
// rows to, where ChooseIndexAction says so. In the order of `indexes`.
std::vector<const IndexDef*> IndexesToSetAside(const std::vector<IndexDef>& indexes,
                                               const std::vector<StashEntry>& stash,
                                               const std::vector<LedgerEntry>& ledger,
                                               const std::vector<Chunk>& chunks);

// The stashed indexes (of `table` only, when given) as two waves built one
// after the other: the primary keys, then the rest, longest first. The
// definitions come from `indexes` (the schema code), never from the stash's
// text: Corruption for a stash entry naming an index `indexes` lacks.
using IndexWave = std::vector<const IndexDef*>;  // built in parallel
Result<std::vector<IndexWave>> IndexBuildWaves(const std::vector<IndexDef>& indexes,
                                               const std::vector<StashEntry>& stash,
                                               const TableDef* table);

}  // namespace skyseed
