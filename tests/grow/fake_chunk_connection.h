// An in-memory ChunkConnection (grow/chunk_connection.h) with a server's
// transaction rules: what a transaction did becomes visible only when its
// body succeeds; outside a transaction every statement commits at once; the
// ledger refuses an entry twice, as its primary key does. Failures are
// injected by setting the fail_* fields.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "grow/chunk_connection.h"

namespace skyseed {

class FakeChunkConnection final : public ChunkConnection {
 public:
  // Committed state.
  std::vector<LedgerEntry> ledger;
  std::vector<std::string> copied;  // the bytes of each committed COPY
  std::vector<std::string> statements;
  int commits = 0, rollbacks = 0;
  bool staging_created = false;
  // Injected failures.
  bool fail_copy = false;    // the server rejects the COPY's rows
  bool fail_commit = false;  // COMMIT fails (the connection is lost)

  QuoteFn IdentQuoter() const override {
    return [](std::string_view name) { return "\"" + std::string(name) + "\""; };
  }
  Status EnsureStaging(const StagingSql&) override {
    staging_created = true;
    return Status::Ok();
  }
  Status InTransaction(const std::function<Status()>& body) override {
    in_transaction_ = true;
    Status s = body();
    if (s.ok() && fail_commit) s = Status::Unavailable("server closed the connection");
    in_transaction_ = false;
    if (!s.ok()) {
      ++rollbacks;
      pending_ = {};
      return s;
    }
    ++commits;
    Apply(std::move(pending_));
    pending_ = {};
    return s;
  }
  Status CopyIn(const std::string&, const NextTuples& next) override {
    std::string bytes;
    while (true) {
      Result<std::string_view> piece = next();
      if (!piece.ok()) return piece.status();
      if (piece->empty()) break;
      bytes += *piece;
    }
    if (fail_copy) return Status::Database("invalid input for COPY");
    return Do([&](Changes& c) { c.copied.push_back(bytes); });
  }
  Status Exec(const std::string& sql) override {
    return Do([&](Changes& c) { c.statements.push_back(sql); });
  }
  Status InsertLedgerEntry(const LedgerEntry& e) override {
    for (const std::vector<LedgerEntry>* l : {&ledger, &pending_.ledger}) {
      for (const LedgerEntry& have : *l) {
        if (have.table == e.table && have.range.first == e.range.first) {
          return Status::Database("duplicate key value violates chunk_ledger_pkey");
        }
      }
    }
    return Do([&](Changes& c) { c.ledger.push_back(e); });
  }

 private:
  struct Changes {
    std::vector<LedgerEntry> ledger;
    std::vector<std::string> copied, statements;
  };
  // Into the transaction in flight, or committed at once outside one.
  template <typename F>
  Status Do(F change) {
    if (in_transaction_) {
      change(pending_);
      return Status::Ok();
    }
    Changes now;
    change(now);
    Apply(std::move(now));
    return Status::Ok();
  }
  void Apply(Changes c) {
    ledger.insert(ledger.end(), c.ledger.begin(), c.ledger.end());
    copied.insert(copied.end(), c.copied.begin(), c.copied.end());
    statements.insert(statements.end(), c.statements.begin(), c.statements.end());
  }
  bool in_transaction_ = false;
  Changes pending_;
};

}  // namespace skyseed
