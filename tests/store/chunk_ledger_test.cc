// Reading one table's part of the ledger.
#include "store/chunk_ledger.h"

#include <gtest/gtest.h>

namespace skyseed {
namespace {

const std::vector<LedgerEntry> kLedger = {
    {"gaia.gaia_source", {0, 5}, {0, 1}},
    {"ivoa.obscore", {3, 3}, {0, 7}},
    {"ivoa.obscore", {0, 3}, {1, ~uint64_t{0}}},
};

TEST(ChunkLedger, RangesOfOneTable) {
  const std::vector<RowRange> r = LedgerRanges(kLedger, "ivoa.obscore");
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r[0].first, 3u);
  EXPECT_EQ(r[1].first, 0u);
  EXPECT_TRUE(LedgerRanges(kLedger, "nope").empty());
}

TEST(ChunkLedger, DigestSumsWithCarry) {
  const TableDigest d = LedgerDigest(kLedger, "ivoa.obscore");
  EXPECT_EQ(d.rows, 6u);
  // {0, 7} + {1, 2^64 - 1} = {2, 6}: the low word carries.
  EXPECT_EQ(d.sum.hi, 2u);
  EXPECT_EQ(d.sum.lo, 6u);
  EXPECT_EQ(LedgerRows(kLedger, "gaia.gaia_source"), 5u);
  EXPECT_EQ(LedgerRows(kLedger, "nope"), 0u);
}

}  // namespace
}  // namespace skyseed
