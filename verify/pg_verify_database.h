// VerifyDatabase (verify/verify_database.h) on a server: the bookkeeping and
// the catalogue read on one control connection (which holds grow's lock),
// each table read back on `jobs` connections of its own (verify/table_scan.h).
#pragma once

#include <string>
#include <utility>

#include "loader/pg_connection.h"
#include "verify/verify_database.h"

namespace skyseed {

class PgVerifyDatabase final : public VerifyDatabase {
 public:
  PgVerifyDatabase(PgConnection& control, std::string conninfo, int jobs)
      : control_(control), conninfo_(std::move(conninfo)), jobs_(jobs) {}
  Result<CorpusIdentity> ReadIdentity() override;
  Result<bool> TryLockGrow() override;
  Result<std::vector<LedgerEntry>> ReadLedger() override;
  Result<std::vector<TierRecord>> ReadTiers() override;
  Result<std::vector<StashEntry>> ReadStash() override;
  Result<std::vector<std::string>> StashedButBuiltIndexes() override;
  Result<std::vector<IndexFinding>> AuditIndexes() override;
  Result<std::vector<StandardNameState>> InspectStandardNames() override;
  Result<std::vector<std::string>> GrantsSkyseedDidNotMake() override;
  Result<ChunkScan> ScanTable(const TableDef& t, std::vector<RowRange> chunks) override;
  Result<std::vector<Digest128>> ScanChunkRows(const TableDef& t, RowRange range) override;
  Result<uint64_t> CountFootprintMismatches(const TableDef& t) override;

 private:
  PgConnection& control_;
  std::string conninfo_;
  int jobs_;
};

}  // namespace skyseed
