#include "verify/table_scan.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <memory>
#include <mutex>

#include "copy_format/copy_decoder.h"
#include "loader/pg_connection.h"
#include "schema/corpus_schema.h"
#include "tiers/parallel_chunks.h"

namespace skyseed {

uint64_t RowIndexOfTuple(const TableDef& t, std::string_view tuple) {
  // int16 field count, int32 length 8, then the big-endian int64 key.
  uint64_t be = 0;
  if (tuple.size() < 14) return UINT64_MAX;
  std::memcpy(&be, tuple.data() + 6, 8);
  return t.RowIndexOfKey(__builtin_bswap64(be));
}

namespace {

Status CopyAll(PgConnection& conn, const std::string& sql, const TableDef& t,
               const std::function<void(std::string_view)>& on_tuple) {
  std::string stream;
  SKYSEED_RETURN_IF_ERROR(conn.CopyOut(sql, [&](std::string_view piece) { stream.append(piece); }));
  return ForEachTuple(stream, static_cast<int>(t.columns.size()), on_tuple)
      .Annotate("reading back " + t.standard_name());
}

// A table is read in block ranges of ~32 MiB, spread over the connections;
// the last one is open-ended.
constexpr uint64_t kBlocksPerRange = 4096;

Result<size_t> BlockRangeCount(PgConnection& conn, const TableDef& t) {
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(
      conn.Query("SELECT pg_relation_size($1::regclass) / current_setting('block_size')::bigint",
                 {PhysicalTableName(t, conn.IdentQuoter())}, &r));
  const uint64_t blocks = static_cast<uint64_t>(r.int64(0, 0));
  return std::max<uint64_t>(1, (blocks + kBlocksPerRange - 1) / kBlocksPerRange);
}

// Block numbers are integers computed here, not user input (COPY takes no
// bind parameters).
std::string BlockRangeWhere(size_t i, size_t n_ranges) {
  std::string where = "ctid >= '(" + std::to_string(i * kBlocksPerRange) + ",0)'::tid";
  if (i + 1 < n_ranges) {
    where += " AND ctid < '(" + std::to_string((i + 1) * kBlocksPerRange) + ",0)'::tid";
  }
  return where;
}

}  // namespace

Result<ChunkScan> ScanTable(const std::string& conninfo, int jobs, const TableDef& t,
                            std::vector<RowRange> chunks) {
  SKYSEED_ASSIGN_OR_RETURN(std::unique_ptr<PgConnection> control, PgConnection::Connect(conninfo));
  const QuoteFn q = (control)->IdentQuoter();
  SKYSEED_ASSIGN_OR_RETURN(const size_t n_ranges, BlockRangeCount(*control, t));
  std::sort(chunks.begin(), chunks.end(),
            [](const RowRange& a, const RowRange& b) { return a.first < b.first; });
  ChunkScan scan{chunks, std::vector<TableDigest>(chunks.size()), {}};
  std::mutex mu;
  Status s = RunParallel(n_ranges, jobs, [&](size_t i, int) -> Status {
    SKYSEED_ASSIGN_OR_RETURN(std::unique_ptr<PgConnection> conn, PgConnection::Connect(conninfo));
    const std::string where = BlockRangeWhere(i, n_ranges);
    ChunkScan local{{}, std::vector<TableDigest>(chunks.size()), {}};
    SKYSEED_RETURN_IF_ERROR(CopyAll(*conn, CopyOutSql(t, q, where), t, [&](std::string_view tuple) {
      const uint64_t row = RowIndexOfTuple(t, tuple);
      auto it = std::upper_bound(chunks.begin(), chunks.end(), row,
                                 [](uint64_t v, const RowRange& c) { return v < c.first; });
      if (it != chunks.begin() && row < std::prev(it)->end()) {
        local.digests[std::prev(it) - chunks.begin()].AddRow(tuple.data(), tuple.size());
      } else {
        local.outside.AddRow(tuple.data(), tuple.size());
      }
    }));
    std::lock_guard<std::mutex> lock(mu);
    for (size_t c = 0; c < chunks.size(); ++c) scan.digests[c].Merge(local.digests[c]);
    scan.outside.Merge(local.outside);
    return Status::Ok();
  });
  if (!s.ok()) return s;
  return scan;
}

Result<uint64_t> CountFootprintMismatches(const std::string& conninfo, int jobs,
                                          const TableDef& t) {
  if (!t.footprint_column) return uint64_t{0};
  SKYSEED_ASSIGN_OR_RETURN(std::unique_ptr<PgConnection> control, PgConnection::Connect(conninfo));
  SKYSEED_ASSIGN_OR_RETURN(const size_t n_ranges, BlockRangeCount(*control, t));
  std::atomic<uint64_t> mismatched{0};
  SKYSEED_RETURN_IF_ERROR(RunParallel(n_ranges, jobs, [&](size_t i, int) -> Status {
    SKYSEED_ASSIGN_OR_RETURN(std::unique_ptr<PgConnection> conn, PgConnection::Connect(conninfo));
    PgResult r;
    SKYSEED_RETURN_IF_ERROR(conn->Query(
        FootprintMismatchSql(t, conn->IdentQuoter(), BlockRangeWhere(i, n_ranges)), &r));
    mismatched += static_cast<uint64_t>(r.int64(0, 0));
    return Status::Ok();
  }));
  return mismatched.load();
}

std::string DescribeFootprintMismatches(const TableDef& t, uint64_t rows) {
  return t.standard_name() + ": " + std::to_string(rows) + " rows hold a " + t.footprint_column +
         " that is not the polygon of " + LiteralColumn(t);
}

Result<std::vector<Digest128>> ScanChunkRows(const std::string& conninfo, const TableDef& t,
                                             RowRange range) {
  SKYSEED_ASSIGN_OR_RETURN(std::unique_ptr<PgConnection> conn, PgConnection::Connect(conninfo));
  const QuoteFn q = (conn)->IdentQuoter();
  const std::string key = RowIndexExpression(t, q);
  const std::string where = key + " >= " + std::to_string(range.first) + " AND " + key + " < " +
                            std::to_string(range.end());
  std::vector<Digest128> hashes;
  SKYSEED_RETURN_IF_ERROR(CopyAll(*conn, CopyOutSql(t, q, where), t, [&](std::string_view tuple) {
    hashes.push_back(RowHash(tuple.data(), tuple.size()));
  }));
  std::sort(hashes.begin(), hashes.end(), [](const Digest128& a, const Digest128& b) {
    return a.hi != b.hi ? a.hi < b.hi : a.lo < b.lo;
  });
  return hashes;
}

}  // namespace skyseed
