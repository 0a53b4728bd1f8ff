#include "store/ledger_audit.h"

#include <algorithm>
#include <cstdint>
#include <map>

#include "loader/array_literal.h"
#include "schema/corpus_schema.h"
#include "store/manifest_store.h"

namespace skyseed {
namespace {

std::string Rows(const RowRange& r) {
  return "rows " + std::to_string(r.first) + ".." + std::to_string(r.end());
}

const char kRefusal[] =
    "; refusing to grow on it, nothing was changed (restore skyseed.chunk_ledger or the rows, "
    "or grow into a fresh database; skyseed verify shows which rows differ)";

// Ledger chunks must not overlap: a row would be vouched for twice. A chunk
// of 0 rows vouches for nothing and is left out (its rows, if any, then lie
// in no chunk).
Status CheckNoOverlap(const std::string& table, const std::vector<RowRange>& sorted) {
  const RowRange* widest = nullptr;
  for (const RowRange& r : sorted) {
    if (r.count == 0) continue;
    if (widest && r.first < widest->end()) {
      return Status::Corruption(table + ": the chunk ledger holds overlapping chunks, " +
                                Rows(*widest) + " and " + Rows(r) + kRefusal);
    }
    if (!widest || r.end() > widest->end()) widest = &r;
  }
  return Status::Ok();
}

// Row numbers reach SQL as bigint: a tampered entry past that would make the
// count fail with an obscure cast error instead of this line.
Status CheckRepresentable(const std::string& table, const std::vector<RowRange>& ranges) {
  for (const RowRange& r : ranges) {
    if (r.first > INT64_MAX || r.count > INT64_MAX - r.first) {
      return Status::Corruption(table + ": the chunk ledger holds an impossible chunk (first row " +
                                std::to_string(static_cast<int64_t>(r.first)) + ", " +
                                std::to_string(static_cast<int64_t>(r.count)) + " rows)" +
                                kRefusal);
    }
  }
  return Status::Ok();
}

Result<std::vector<BucketCount>> CountPerBucket(PgConnection& conn, const TableDef& t,
                                                const std::vector<uint64_t>& bounds) {
  const QuoteFn q = conn.IdentQuoter();
  // A plain aggregate over the key: a scan of the table (or an index-only
  // scan of its primary key), parallel where the server likes.
  const std::string sql =
      "SELECT width_bucket(r, $1::bigint[]), count(*), min(r), max(r) FROM "
      "(SELECT " +
      RowIndexExpression(t, q) + " AS r FROM " + PhysicalTableName(t, q) + ") AS keys GROUP BY 1";
  PgResult res;
  SKYSEED_RETURN_IF_ERROR(conn.Query(sql, {ArrayLiteral(bounds)}, &res)
                              .Annotate("counting " + t.standard_name() + " per ledger chunk"));
  std::vector<BucketCount> out;
  for (int i = 0; i < res.rows(); ++i) {
    out.push_back({res.int64(i, 0), static_cast<uint64_t>(res.int64(i, 1)), res.int64(i, 2),
                   res.int64(i, 3)});
  }
  return out;
}

}  // namespace

std::vector<uint64_t> ChunkBounds(const std::vector<RowRange>& ranges) {
  // 0 is always a bound, so the list is never empty (width_bucket needs one)
  // and bucket 0 holds only keys that encode no row at all.
  std::vector<uint64_t> bounds{0};
  for (const RowRange& r : ranges) {
    if (r.count == 0) continue;
    bounds.push_back(r.first);
    bounds.push_back(r.end());
  }
  std::sort(bounds.begin(), bounds.end());
  bounds.erase(std::unique(bounds.begin(), bounds.end()), bounds.end());
  return bounds;
}

Status CompareWithLedger(const std::string& table, const std::vector<RowRange>& ranges,
                         const std::vector<BucketCount>& counted) {
  std::vector<RowRange> sorted = ranges;
  std::sort(sorted.begin(), sorted.end(), [](const RowRange& a, const RowRange& b) {
    return a.first != b.first ? a.first < b.first : a.count < b.count;
  });
  SKYSEED_RETURN_IF_ERROR(CheckNoOverlap(table, sorted));
  const std::vector<uint64_t> bounds = ChunkBounds(sorted);
  // Without overlaps, no bound falls inside a chunk: each chunk is exactly
  // the bucket that starts at its first row.
  std::map<int64_t, const RowRange*> chunk_of_bucket;
  uint64_t ledger_rows = 0, chunks = 0;
  for (const RowRange& r : sorted) {
    if (r.count == 0) continue;
    const int64_t pos = std::lower_bound(bounds.begin(), bounds.end(), r.first) - bounds.begin();
    chunk_of_bucket[pos + 1] = &r;
    ledger_rows += r.count;
    ++chunks;
  }
  std::map<int64_t, uint64_t> rows_in;
  uint64_t table_rows = 0, outside = 0;
  int64_t outside_min = INT64_MAX, outside_max = INT64_MIN;
  for (const BucketCount& b : counted) {
    table_rows += b.rows;
    if (chunk_of_bucket.count(b.bucket)) {
      rows_in[b.bucket] = b.rows;
      continue;
    }
    outside += b.rows;
    outside_min = std::min(outside_min, b.min_row);
    outside_max = std::max(outside_max, b.max_row);
  }
  uint64_t differing = 0;
  std::string first_difference;
  for (const auto& [bucket, r] : chunk_of_bucket) {
    const uint64_t got = rows_in.count(bucket) ? rows_in[bucket] : 0;
    if (got == r->count) continue;
    if (differing++ == 0) {
      first_difference = Rows(*r) + " hold " + std::to_string(got) + ", the ledger says " +
                         std::to_string(r->count);
    }
  }
  if (differing == 0 && outside == 0) return Status::Ok();
  std::string m = table +
                  " does not hold what the chunk ledger says: " + std::to_string(table_rows) +
                  " rows in the table, " + std::to_string(ledger_rows) + " in the ledger";
  if (differing > 0) {
    m += "; " + std::to_string(differing) + " of " + std::to_string(chunks) +
         " ledger chunks hold another row count (" + first_difference + ")";
  }
  if (outside > 0) {
    m += "; " + std::to_string(outside) + " rows lie in no ledger chunk (row index " +
         std::to_string(outside_min) + " to " + std::to_string(outside_max) + ")";
  }
  return Status::Corruption(m + kRefusal);
}

Result<LedgerAudit> AuditLedger(PgConnection& conn) {
  LedgerAudit audit;
  // One snapshot for the ledger and the counts: a chunk and its ledger row
  // commit together, so chunks other shards commit meanwhile stay out of both.
  SKYSEED_RETURN_IF_ERROR(conn.InTransaction([&]() -> Status {
    SKYSEED_RETURN_IF_ERROR(
        conn.Exec("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY"));
    SKYSEED_ASSIGN_OR_RETURN(audit.ledger, ReadLedger(conn));
    for (const TableDef& t : CorpusTables()) {
      const std::string table = t.standard_name();
      const std::vector<RowRange> ranges = LedgerRanges(audit.ledger, table);
      SKYSEED_RETURN_IF_ERROR(CheckRepresentable(table, ranges));
      SKYSEED_ASSIGN_OR_RETURN(std::vector<BucketCount> counted,
                               CountPerBucket(conn, t, ChunkBounds(ranges)));
      SKYSEED_RETURN_IF_ERROR(CompareWithLedger(table, ranges, counted));
      audit.rows += LedgerRows(audit.ledger, table);
      audit.chunks += ranges.size();
    }
    return Status::Ok();
  }));
  return audit;
}

}  // namespace skyseed
