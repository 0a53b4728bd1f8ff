// The database as verify (verify/verify.h) reads it: the bookkeeping (corpus
// identity, chunk ledger, tier records, index stash), the facts about the
// catalogue (index audit, standard names, grants), and each table read back
// as row hashes. An interface so what verify reports for each kind of damage
// (a changed, missing or extra row, a damaged ledger, a tier record that
// disagrees, a lost index) is tested without a server, against an in-memory
// fake holding generated rows (tests/verify/fake_verify_database.h);
// PgVerifyDatabase (verify/pg_verify_database.h) is the real one.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/status.h"
#include "copy_format/corpus_digest.h"
#include "generator/corpus_tables.h"
#include "indexes/index_audit.h"
#include "publish/standard_views.h"
#include "store/chunk_ledger.h"
#include "store/manifest_records.h"
#include "verify/table_scan.h"

namespace skyseed {

class VerifyDatabase {
 public:
  virtual ~VerifyDatabase() = default;

  // -- The bookkeeping.
  // InvalidArgument for a database that holds no corpus.
  virtual Result<CorpusIdentity> ReadIdentity() = 0;
  // Takes grow's lock (store/advisory_locks.h) for as long as this lives;
  // false while a grow or another verify holds it.
  virtual Result<bool> TryLockGrow() = 0;
  virtual Result<std::vector<LedgerEntry>> ReadLedger() = 0;
  virtual Result<std::vector<TierRecord>> ReadTiers() = 0;
  virtual Result<std::vector<StashEntry>> ReadStash() = 0;

  // -- The catalogue.
  // The stashed indexes the database holds built as declared.
  virtual Result<std::vector<std::string>> StashedButBuiltIndexes() = 0;
  // The declared indexes missing, different or invalid (set-aside ones apart).
  virtual Result<std::vector<IndexFinding>> AuditIndexes() = 0;
  virtual Result<std::vector<StandardNameState>> InspectStandardNames() = 0;
  // One line per grant on the corpus skyseed did not make.
  virtual Result<std::vector<std::string>> GrantsSkyseedDidNotMake() = 0;

  // -- The rows, read back.
  // Every row's hash, summed per chunk of `chunks` (disjoint; any order,
  // returned sorted) and apart for rows in none.
  virtual Result<ChunkScan> ScanTable(const TableDef& t, std::vector<RowRange> chunks) = 0;
  // The hashes of rows [range), sorted (a second pass over a chunk that differs).
  virtual Result<std::vector<Digest128>> ScanChunkRows(const TableDef& t, RowRange range) = 0;
  // Rows whose footprint is not the polygon of its literal; 0 for a table
  // without a footprint.
  virtual Result<uint64_t> CountFootprintMismatches(const TableDef& t) = 0;
};

}  // namespace skyseed
