// GrowDatabase (grow/grow_database.h) on a server: the control connection
// holding the grow lock, and new connections for loading, index builds and
// VACUUM as the growth's options say (--jobs, --db, the corpus files).
#pragma once

#include "grow/grow.h"
#include "grow/grow_database.h"
#include "loader/pg_connection.h"

namespace skyseed {

class PgGrowDatabase final : public GrowDatabase {
 public:
  PgGrowDatabase(const GrowPlan& plan, const GrowRun& run, PgConnection& control)
      : plan_(plan), run_(run), control_(control) {}
  QuoteFn IdentQuoter() const override;
  std::function<double()> StartControlClock() override;
  Result<LedgerAudit> AuditLedger() override;
  Result<uint64_t> RecheckLedgerRows(const std::vector<LedgerEntry>& ledger) override;
  Result<std::vector<LedgerEntry>> ReadLedger() override;
  Result<std::vector<StashEntry>> ReadStash() override;
  Result<std::vector<TierRecord>> ReadTiers() override;
  Result<uint64_t> DatabaseSize() override;
  Status SetAsideIndex(const IndexDef& index) override;
  Status BuildIndexes(const std::vector<const IndexDef*>& indexes, PhaseTimes* phases) override;
  Status RebuildSetAsideIndexes(PhaseTimes* phases) override;
  Status LoadChunks(const std::vector<Chunk>& chunks, bool build_early,
                    PhaseTimes* phases) override;
  Result<bool> ShardShouldFinish(const std::string& tier, const TableRows& counts) override;
  Status VacuumAnalyze(PhaseTimes* phases) override;
  Status RecordReached(const std::string& tier, const TableRows& counts, double seconds,
                       const PhaseTimes& phases) override;

 private:
  const GrowPlan& plan_;
  const GrowRun& run_;
  PgConnection& control_;
};

}  // namespace skyseed
