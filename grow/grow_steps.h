// The steps of a growth: reach row counts (load missing chunks with each
// index kept live or set aside), rebuild stashed indexes, and, for a tier,
// VACUUM (ANALYZE) and the tier record.
#pragma once

#include <string>

#include "common/status.h"
#include "generator/corpus_tables.h"
#include "grow/grow.h"
#include "grow/grow_database.h"
#include "timing/phase_times.h"

namespace skyseed {

struct GrowContext {
  const GrowPlan& plan;
  const GrowRun& run;
  GrowDatabase& db;  // PgGrowDatabase: its control connection holds the grow lock
  // Set once the tables were found to hold what the ledger says; the rest of
  // the growth holds the grow lock and adds only ledgered chunks.
  bool ledger_checked = false;
};

// Once per growth (ctx.ledger_checked), before anything is planned, set
// aside or loaded: Corruption unless the tables hold what the ledger says
// (store/ledger_audit.h); with --verify, Mismatch unless those rows are what
// the generator makes (verify/ledger_recheck.h). Tells the narrator which.
Status CheckLedgerOnce(GrowContext& ctx);
// Loads what the ledger lacks below `counts` (this shard's cells only, when
// sharded), setting indexes aside where that is cheaper; CheckLedgerOnce
// first.
Status LoadMissing(GrowContext& ctx, const TableRows& counts, PhaseTimes* phases);
// Builds every stashed index, and every declared one that is missing,
// invalid or not as declared (indexes/index_audit.h).
Status BuildStashedIndexes(GrowContext& ctx, PhaseTimes* phases);
// LoadMissing, then BuildStashedIndexes.
Status GrowToCounts(GrowContext& ctx, const TableRows& counts, PhaseTimes* phases);
// LoadMissing, then (unless a shard leaves it to another) the indexes,
// VACUUM (ANALYZE) and the tier record, with a summary line.
Status GrowAndRecord(GrowContext& ctx, const std::string& tier, const TableRows& counts);

}  // namespace skyseed
