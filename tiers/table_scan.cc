#include "tiers/table_scan.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <mutex>

#include "generator/copy_decoder.h"
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
      .Annotate("reading back " + t.qualified_name());
}

}  // namespace

Result<ChunkScan> ScanTable(const std::string& conninfo, int jobs, const TableDef& t,
                            std::vector<RowRange> chunks) {
  SKYSEED_ASSIGN_OR_RETURN(std::unique_ptr<PgConnection> control, PgConnection::Connect(conninfo));
  const QuoteFn q = (control)->IdentQuoter();
  PgResult r;
  SKYSEED_RETURN_IF_ERROR((control)->Query(
      "SELECT pg_relation_size($1::regclass) / current_setting('block_size')::bigint",
      {QualifiedName(t, q)}, &r));
  const uint64_t blocks = static_cast<uint64_t>(r.int64(0, 0));
  std::sort(chunks.begin(), chunks.end(),
            [](const RowRange& a, const RowRange& b) { return a.first < b.first; });
  ChunkScan scan{chunks, std::vector<TableDigest>(chunks.size()), {}};
  // Block ranges of ~32 MiB; the last one is open-ended.
  const uint64_t per_range = 4096;
  const size_t n_ranges = std::max<uint64_t>(1, (blocks + per_range - 1) / per_range);
  std::mutex mu;
  Status s = RunParallel(n_ranges, jobs, [&](size_t i, int) -> Status {
    SKYSEED_ASSIGN_OR_RETURN(std::unique_ptr<PgConnection> conn, PgConnection::Connect(conninfo));
    // Block numbers are integers computed here, not user input; COPY takes
    // no bind parameters.
    std::string where = "ctid >= '(" + std::to_string(i * per_range) + ",0)'::tid";
    if (i + 1 < n_ranges)
      where += " AND ctid < '(" + std::to_string((i + 1) * per_range) + ",0)'::tid";
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
