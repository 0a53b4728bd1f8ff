#include "grow/chunk_connection.h"

#include "loader/pg_connection.h"
#include "store/manifest_store.h"

namespace skyseed {

QuoteFn PgChunkConnection::IdentQuoter() const { return conn_.IdentQuoter(); }

Status PgChunkConnection::EnsureStaging(const StagingSql& staging) {
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(conn_.Query(staging.exists, &r));
  if (r.text(0, 0) == "t") return Status::Ok();
  return conn_.Exec(staging.create);
}

Status PgChunkConnection::InTransaction(const std::function<Status()>& body) {
  return conn_.InTransaction(body);
}

Status PgChunkConnection::CopyIn(const std::string& copy_sql, const NextTuples& next) {
  return CopyChunkIn(conn_, copy_sql, next);
}

Status PgChunkConnection::Exec(const std::string& sql) { return conn_.Exec(sql); }

Status PgChunkConnection::InsertLedgerEntry(const LedgerEntry& entry) {
  return skyseed::InsertLedgerEntry(conn_, entry);
}

}  // namespace skyseed
