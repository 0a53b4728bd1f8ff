// The ledger audit's verdict from hand-made counts: rows are bucketed here
// the way PostgreSQL's width_bucket(x, bounds) does (the number of bounds
// <= x), so each case states a table's row indexes and a ledger and expects
// agreement or one line naming what differs.
#include "store/ledger_audit.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

namespace skyseed {
namespace {

// What the audit's GROUP BY returns for a table holding `rows`.
std::vector<BucketCount> LedgerAuditCount(const std::vector<RowRange>& ledger,
                                          const std::vector<int64_t>& rows) {
  const std::vector<uint64_t> bounds = ChunkBounds(ledger);
  std::map<int64_t, BucketCount> by_bucket;
  for (int64_t x : rows) {
    const int64_t b =
        x < 0 ? 0
              : std::upper_bound(bounds.begin(), bounds.end(), static_cast<uint64_t>(x)) -
                    bounds.begin();
    BucketCount& c = by_bucket[b];
    if (c.rows == 0) c = {b, 0, x, x};
    ++c.rows;
    c.min_row = std::min(c.min_row, x);
    c.max_row = std::max(c.max_row, x);
  }
  std::vector<BucketCount> out;
  for (const auto& [b, c] : by_bucket) out.push_back(c);
  return out;
}

std::vector<int64_t> RowsUpTo(int64_t n) {
  std::vector<int64_t> r;
  for (int64_t i = 0; i < n; ++i) r.push_back(i);
  return r;
}

std::vector<RowRange> Chunks3() { return {{0, 3}, {3, 3}, {6, 4}}; }

std::string Verdict(const std::vector<RowRange>& ledger, const std::vector<int64_t>& rows) {
  const Status s = CompareWithLedger("ivoa.obscore", ledger, LedgerAuditCount(ledger, rows));
  if (s.ok()) return "ok";
  EXPECT_EQ(s.code(), Status::Code::kCorruption);
  EXPECT_EQ(s.message().find('\n'), std::string::npos) << "one line";
  EXPECT_NE(s.message().find("refusing to grow on it, nothing was changed"), std::string::npos);
  return s.message();
}

TEST(ChunkBoundsTest, ZeroAndEveryChunkEdgeOnceSorted) {
  EXPECT_EQ(ChunkBounds({}), (std::vector<uint64_t>{0}));
  EXPECT_EQ(ChunkBounds({{6, 4}, {0, 3}, {3, 3}}), (std::vector<uint64_t>{0, 3, 6, 10}));
  EXPECT_EQ(ChunkBounds({{5, 5}, {20, 0}}), (std::vector<uint64_t>{0, 5, 10}));
}

TEST(LedgerAuditTest, AgreeingTableAndLedgerPass) {
  EXPECT_EQ(Verdict(Chunks3(), RowsUpTo(10)), "ok");
  EXPECT_EQ(Verdict({}, {}), "ok");
}

TEST(LedgerAuditTest, GapsWithoutRowsPass) {
  // A shard's partial growth: cells 0 and 2 loaded, cell 1 not yet.
  EXPECT_EQ(Verdict({{0, 3}, {6, 3}}, {0, 1, 2, 6, 7, 8}), "ok");
}

TEST(LedgerAuditTest, EmptiedLedgerIsRefused) {
  const std::string expected =
      "ivoa.obscore does not hold what the chunk ledger says: 10 rows in the table, 0 in the "
      "ledger; 10 rows lie in no ledger chunk (row index 0 to 9); refusing to grow on it";
  EXPECT_EQ(Verdict({}, RowsUpTo(10)).substr(0, expected.size()), expected);
}

TEST(LedgerAuditTest, DeletedRowIsRefused) {
  std::vector<int64_t> rows = RowsUpTo(10);
  rows.erase(rows.begin() + 4);
  const std::string v = Verdict(Chunks3(), rows);
  EXPECT_NE(v.find("9 rows in the table, 10 in the ledger; 1 of 3 ledger chunks hold another row "
                   "count (rows 3..6 hold 2, the ledger says 3)"),
            std::string::npos)
      << v;
}

TEST(LedgerAuditTest, ChangedRowInsideItsChunkPasses) {
  // Counts cannot see a value changed in place: that is --verify's job.
  std::vector<int64_t> rows = RowsUpTo(10);
  rows[4] = 5;  // the key of another row of the same chunk, duplicated
  EXPECT_EQ(Verdict(Chunks3(), rows), "ok");
}

TEST(LedgerAuditTest, RowsLoadedTwiceAreRefused) {
  std::vector<int64_t> rows = RowsUpTo(10);
  for (int64_t i = 0; i < 3; ++i) rows.push_back(i);
  const std::string v = Verdict(Chunks3(), rows);
  EXPECT_NE(v.find("13 rows in the table, 10 in the ledger; 1 of 3 ledger chunks hold another row "
                   "count (rows 0..3 hold 6, the ledger says 3)"),
            std::string::npos)
      << v;
}

TEST(LedgerAuditTest, LedgerEntryLostOrShrunkIsRefused) {
  // DELETE of a ledger row: its rows now lie in no chunk.
  std::string v = Verdict({{0, 3}, {6, 4}}, RowsUpTo(10));
  EXPECT_NE(v.find("10 rows in the table, 7 in the ledger; 3 rows lie in no ledger chunk (row "
                   "index 3 to 5)"),
            std::string::npos)
      << v;
  // UPDATE of a ledger row's count.
  v = Verdict({{0, 3}, {3, 2}, {6, 4}}, RowsUpTo(10));
  EXPECT_NE(v.find("1 rows lie in no ledger chunk (row index 5 to 5)"), std::string::npos) << v;
  // Or of its first row: a chunk that holds nothing, rows in no chunk.
  v = Verdict({{0, 3}, {30, 3}, {6, 4}}, RowsUpTo(10));
  EXPECT_NE(v.find("1 of 3 ledger chunks hold another row count (rows 30..33 hold 0, the ledger "
                   "says 3); 3 rows lie in no ledger chunk (row index 3 to 5)"),
            std::string::npos)
      << v;
}

TEST(LedgerAuditTest, KeysEncodingNoRowAreRefused) {
  std::vector<int64_t> rows = RowsUpTo(10);
  rows.push_back(-7);
  EXPECT_NE(Verdict(Chunks3(), rows).find("1 rows lie in no ledger chunk (row index -7 to -7)"),
            std::string::npos);
}

TEST(LedgerAuditTest, OverlappingLedgerChunksAreRefused) {
  EXPECT_NE(Verdict({{0, 5}, {3, 3}, {6, 4}}, RowsUpTo(10))
                .find("the chunk ledger holds overlapping chunks, rows 0..5 and rows 3..6"),
            std::string::npos);
  EXPECT_NE(Verdict({{0, 3}, {0, 3}}, RowsUpTo(3)).find("overlapping"), std::string::npos);
}

TEST(LedgerAuditTest, EmptyLedgerEntryIsIgnored) {
  EXPECT_EQ(Verdict({{0, 3}, {1, 0}, {3, 3}, {6, 4}}, RowsUpTo(10)), "ok");
}

}  // namespace
}  // namespace skyseed
