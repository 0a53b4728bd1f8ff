// What a database records about its corpus (the `skyseed` schema): which
// seed and generator made it, which chunks are committed, which indexes are
// set aside, and which tiers were reached.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/status.h"
#include "generator/corpus_digest.h"
#include "loader/pg_connection.h"
#include "tiers/chunk_plan.h"

namespace skyseed {

struct LedgerEntry {
  std::string table;  // "schema.name"
  RowRange range;
  Digest128 digest;
};

struct StashEntry {
  std::string index_name;
  std::string table;
  std::string definition;
};

struct TierTableRecord {
  std::string table;
  TableDigest digest;
  int64_t table_size = 0, indexes_size = 0;
  double index_table_ratio = 0;
};

struct TierRecord {
  std::string tier;
  std::string reached_at;
  double seconds = 0;
  Digest128 corpus;
  int64_t database_size = 0;
  std::string pg_version;
  std::string phases_json;  // {"load": s, "index obscore_pkey": s, ..., "vacuum": s}
  std::vector<TierTableRecord> tables;
};

struct CorpusIdentity {
  uint64_t seed = 0;
  std::string generator_version;
};

// NotFound if the database holds no skyseed corpus.
Result<CorpusIdentity> ReadCorpusIdentity(PgConnection& conn);
// Creates the corpus tables, the manifest schema, the identity row, and a
// stash entry for every index (to build after the first load), in one
// transaction. Refuses a database that already holds corpus tables.
Status CreateCorpus(PgConnection& conn, uint64_t seed);
// Checks the database's corpus was made by this seed and generator.
Status CheckCorpusIdentity(const CorpusIdentity& id, uint64_t seed);

Result<std::vector<LedgerEntry>> ReadLedger(PgConnection& conn);
Result<std::vector<StashEntry>> ReadStash(PgConnection& conn);
Result<std::vector<TierRecord>> ReadTiers(PgConnection& conn);
Status RecordTier(PgConnection& conn, const TierRecord& record);

// One table's committed ranges, and their rows and digest sum, from the ledger.
std::vector<RowRange> LedgerRanges(const std::vector<LedgerEntry>& ledger, const std::string& table);
TableDigest LedgerDigest(const std::vector<LedgerEntry>& ledger, const std::string& table);
inline uint64_t LedgerRows(const std::vector<LedgerEntry>& ledger, const std::string& table) {
  return LedgerDigest(ledger, table).rows;
}

}  // namespace skyseed
