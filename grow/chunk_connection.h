// The database as one chunk's commit sees it (grow/chunk_commit.h): a
// transaction, a COPY into it, a statement, and the ledger entry. An
// interface so the commit's rule (the rows and their ledger entry commit or
// vanish together) is tested without a server, against an in-memory fake.
#pragma once

#include <functional>
#include <string>

#include "common/status.h"
#include "loader/chunk_copy.h"
#include "schema/corpus_schema.h"
#include "store/chunk_ledger.h"

namespace skyseed {

class PgConnection;

class ChunkConnection {
 public:
  virtual ~ChunkConnection() = default;
  virtual QuoteFn IdentQuoter() const = 0;
  // Creates the session's staging table (StagingSql) unless it exists.
  virtual Status EnsureStaging(const StagingSql& staging) = 0;
  // BEGIN; body; COMMIT, or ROLLBACK if anything fails.
  virtual Status InTransaction(const std::function<Status()>& body) = 0;
  // A COPY ... FROM STDIN of what `next` produces (loader/chunk_copy.h).
  virtual Status CopyIn(const std::string& copy_sql, const NextTuples& next) = 0;
  virtual Status Exec(const std::string& sql) = 0;
  // skyseed.chunk_ledger's primary key refuses an entry twice.
  virtual Status InsertLedgerEntry(const LedgerEntry& entry) = 0;
};

// The real one: a loading connection to the server.
class PgChunkConnection final : public ChunkConnection {
 public:
  explicit PgChunkConnection(PgConnection& conn) : conn_(conn) {}
  QuoteFn IdentQuoter() const override;
  Status EnsureStaging(const StagingSql& staging) override;
  Status InTransaction(const std::function<Status()>& body) override;
  Status CopyIn(const std::string& copy_sql, const NextTuples& next) override;
  Status Exec(const std::string& sql) override;
  Status InsertLedgerEntry(const LedgerEntry& entry) override;

 private:
  PgConnection& conn_;
};

}  // namespace skyseed
