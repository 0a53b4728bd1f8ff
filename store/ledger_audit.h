// Before a growth touches anything: do the corpus tables hold what the chunk
// ledger says? A growth loads exactly what the ledger lacks, so a ledger that
// lost entries would load rows a second time, and one that vouches for rows
// the table lost would get a tier recorded over a hole. The check counts each
// table's rows per ledger chunk (one scan, no index needed: it works as well
// while indexes are set aside) and also finds rows no ledger chunk holds.
// It counts rows; it does not read their values: an UPDATE that keeps the
// key passes. RecheckLedgerRows (verify/ledger_recheck.h) reads the values.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/status.h"
#include "generator/corpus_tables.h"
#include "loader/pg_connection.h"
#include "store/chunk_ledger.h"

namespace skyseed {

// 0 and the sorted, distinct first and end rows of `ranges` (chunks of 0
// rows left out): the bucket bounds of the count (SQL width_bucket), so that
// each ledger chunk is one bucket and every gap between chunks another.
std::vector<uint64_t> ChunkBounds(const std::vector<RowRange>& ranges);

// Rows of a table in one width_bucket bucket of ChunkBounds: 0 is below the
// first bound, i (1..n) is [bounds[i-1], bounds[i]) (the last open-ended).
struct BucketCount {
  int64_t bucket = 0;
  uint64_t rows = 0;
  int64_t min_row = 0, max_row = 0;  // row indexes the keys encode
};

// Ok when every ledger chunk of `table` holds exactly its row count and no
// row lies outside the chunks; otherwise Corruption, one line naming the
// table, the totals and the first disagreement. Overlapping ledger chunks
// are Corruption too.
Status CompareWithLedger(const std::string& table, const std::vector<RowRange>& ranges,
                         const std::vector<BucketCount>& counted);

struct LedgerAudit {
  std::vector<LedgerEntry> ledger;  // as read in the checked snapshot
  uint64_t rows = 0, chunks = 0;    // all tables
};

// Reads the ledger and counts every corpus table in one REPEATABLE READ
// snapshot (shards may be committing chunks meanwhile), changing nothing.
// Corruption when a table and the ledger disagree.
Result<LedgerAudit> AuditLedger(PgConnection& conn);

}  // namespace skyseed
