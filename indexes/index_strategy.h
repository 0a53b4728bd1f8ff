// For each growth step each index is kept live or set aside and rebuilt,
// whichever costs less (DESIGN principle 7), and set-aside indexes are
// rebuilt longest first, all in parallel.
// Pure decisions over plain values; indexes/index_builds.h acts on them.
#pragma once

#include <cstdint>
#include <vector>

#include "common/status.h"
#include "schema/corpus_schema.h"
#include "store/chunk_ledger.h"
#include "store/manifest_records.h"
#include "tiers/chunk_plan.h"

namespace skyseed {

enum class IndexAction { kKeepLive, kSetAside };

// existing: rows already in the table; added: rows this step loads;
// gist_during_load: GrowPlan::gist_during_load.
IndexAction ChooseIndexAction(IndexKind kind, uint64_t existing, uint64_t added,
                              bool gist_during_load);

// The indexes of `indexes` to set aside before loading `chunks` onto what
// the ledger holds: those not stashed already, whose table the step adds
// rows to, where ChooseIndexAction says so. In the order of `indexes`.
std::vector<const IndexDef*> IndexesToSetAside(const std::vector<IndexDef>& indexes,
                                               const std::vector<StashEntry>& stash,
                                               const std::vector<LedgerEntry>& ledger,
                                               const std::vector<Chunk>& chunks,
                                               bool gist_during_load);

// The stashed GiSTs to build before loading `chunks`, so that they grow
// with the load (ChooseIndexAction keeps them live): on an empty table the
// build is instant. In the order of `indexes`.
std::vector<const IndexDef*> IndexesToBuildFirst(const std::vector<IndexDef>& indexes,
                                                 const std::vector<StashEntry>& stash,
                                                 const std::vector<LedgerEntry>& ledger,
                                                 const std::vector<Chunk>& chunks,
                                                 bool gist_during_load);

// The stashed indexes (of `table` only, when given) in the order their
// builds start, all in parallel (a primary key is built as a unique index
// and attached after: schema's PrimaryKeyIndexSql): the longest first. The
// definitions come from `indexes` (the schema code), never from the stash's
// text: Corruption for a stash entry naming an index `indexes` lacks.
Result<std::vector<const IndexDef*>> IndexBuildOrder(const std::vector<IndexDef>& indexes,
                                                     const std::vector<StashEntry>& stash,
                                                     const TableDef* table);

}  // namespace skyseed
