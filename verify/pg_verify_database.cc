#include "verify/pg_verify_database.h"

#include "publish/grant_audit.h"
#include "store/advisory_locks.h"
#include "store/manifest_store.h"

namespace skyseed {

Result<CorpusIdentity> PgVerifyDatabase::ReadIdentity() { return RequireCorpusIdentity(control_); }

Result<bool> PgVerifyDatabase::TryLockGrow() { return TryAdvisoryLock(control_, kGrowLockKey); }

Result<std::vector<LedgerEntry>> PgVerifyDatabase::ReadLedger() {
  return skyseed::ReadLedger(control_);
}

Result<std::vector<TierRecord>> PgVerifyDatabase::ReadTiers() {
  return skyseed::ReadTiers(control_);
}

Result<std::vector<StashEntry>> PgVerifyDatabase::ReadStash() {
  return skyseed::ReadStash(control_);
}

Result<std::vector<std::string>> PgVerifyDatabase::StashedButBuiltIndexes() {
  return skyseed::StashedButBuiltIndexes(control_);
}

Result<std::vector<IndexFinding>> PgVerifyDatabase::AuditIndexes() {
  return AuditCorpusIndexes(control_);
}

Result<std::vector<StandardNameState>> PgVerifyDatabase::InspectStandardNames() {
  return skyseed::InspectStandardNames(control_);
}

Result<std::vector<std::string>> PgVerifyDatabase::GrantsSkyseedDidNotMake() {
  return skyseed::GrantsSkyseedDidNotMake(control_);
}

Result<ChunkScan> PgVerifyDatabase::ScanTable(const TableDef& t, std::vector<RowRange> chunks) {
  return skyseed::ScanTable(conninfo_, jobs_, t, std::move(chunks));
}

Result<std::vector<Digest128>> PgVerifyDatabase::ScanChunkRows(const TableDef& t, RowRange range) {
  return skyseed::ScanChunkRows(conninfo_, t, range);
}

Result<uint64_t> PgVerifyDatabase::CountFootprintMismatches(const TableDef& t) {
  return skyseed::CountFootprintMismatches(conninfo_, jobs_, t);
}

}  // namespace skyseed
