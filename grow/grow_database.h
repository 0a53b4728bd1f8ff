// The database as grow's steps (grow/grow_steps.h) see it: the bookkeeping
// they read and write, and the heavy work they start (loading chunks,
// building indexes, VACUUM) as one call each. An interface so the steps'
// decisions (which chunks to load, which indexes to set aside, when a tier
// may be recorded) are tested without a server, against an in-memory fake;
// PgGrowDatabase (grow/pg_grow_database.h) is the real one.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "common/status.h"
#include "generator/corpus_tables.h"
#include "schema/corpus_schema.h"
#include "store/chunk_ledger.h"
#include "store/ledger_audit.h"
#include "store/manifest_records.h"
#include "tiers/chunk_plan.h"
#include "timing/phase_times.h"

namespace skyseed {

class GrowDatabase {
 public:
  virtual ~GrowDatabase() = default;
  virtual QuoteFn IdentQuoter() const = 0;
  // Busy seconds of the control connection's backend from now on, read by
  // calling the returned clock.
  virtual std::function<double()> StartControlClock() = 0;

  // -- The bookkeeping (store/).
  // Corruption unless the tables hold what the ledger says (store/ledger_audit.h).
  virtual Result<LedgerAudit> AuditLedger() = 0;
  // Mismatch unless the ledger's rows are what the generator makes
  // (verify/ledger_recheck.h); the rows re-read.
  virtual Result<uint64_t> RecheckLedgerRows(const std::vector<LedgerEntry>& ledger) = 0;
  virtual Result<std::vector<LedgerEntry>> ReadLedger() = 0;
  virtual Result<std::vector<StashEntry>> ReadStash() = 0;
  virtual Result<std::vector<TierRecord>> ReadTiers() = 0;
  virtual Result<uint64_t> DatabaseSize() = 0;

  // -- The work.
  // Drops `index` and records it as set aside.
  virtual Status SetAsideIndex(const IndexDef& index) = 0;
  // Builds these set-aside indexes now.
  virtual Status BuildIndexes(const std::vector<const IndexDef*>& indexes, PhaseTimes* phases) = 0;
  // Sets aside every declared index found damaged, then builds every
  // set-aside one.
  virtual Status RebuildSetAsideIndexes(PhaseTimes* phases) = 0;
  // Commits each chunk with its ledger entry (grow/chunk_commit.h); with
  // build_early, a table's set-aside indexes are built as soon as its
  // chunks are in. Adds to phases->load and phases->indexes.
  virtual Status LoadChunks(const std::vector<Chunk>& chunks, bool build_early,
                            PhaseTimes* phases) = 0;
  // Sharded: whether this shard, its cells loaded, finishes the tier.
  virtual Result<bool> ShardShouldFinish(const std::string& tier, const TableRows& counts) = 0;
  virtual Status VacuumAnalyze(PhaseTimes* phases) = 0;
  // Records the tier (grow/tier_measure.h), saying so.
  virtual Status RecordReached(const std::string& tier, const TableRows& counts, double seconds,
                               const PhaseTimes& phases) = 0;
};

}  // namespace skyseed
