// The ledger rule for the tier the tables hold (store/record_audit.h), on
// ledgers and records written out by hand: a tier is held when every table's
// ledger entries sum, rows and digest, to its record — not when a row count
// happens to agree.
#include <gtest/gtest.h>

#include "store/record_audit.h"

namespace skyseed {
namespace {

LedgerEntry HeldEntry(const std::string& table, uint64_t first, uint64_t rows, uint64_t lo) {
  return LedgerEntry{table, RowRange{first, rows}, Digest128{0, lo}};
}

// A record whose table digests are the sums of the first `chunks` entries
// of each table, as a grow records them.
TierRecord HeldRecord(const std::string& tier, const std::vector<LedgerEntry>& ledger,
                      uint64_t rows_a, uint64_t rows_b) {
  TierRecord t;
  t.tier = tier;
  for (const auto& [table, rows] :
       {std::pair<std::string, uint64_t>{"a.t", rows_a}, {"b.t", rows_b}}) {
    TierTableRecord r;
    r.table = table;
    for (const LedgerEntry& e : ledger) {
      if (e.table == table && e.range.end() <= rows) r.digest.Merge({e.range.count, e.digest});
    }
    t.tables.push_back(r);
  }
  return t;
}

const std::vector<LedgerEntry> kSmall = {HeldEntry("a.t", 0, 10, 1), HeldEntry("b.t", 0, 100, 2)};

std::vector<LedgerEntry> HeldGrown() {
  std::vector<LedgerEntry> l = kSmall;
  l.push_back(HeldEntry("a.t", 10, 90, 3));
  l.push_back(HeldEntry("b.t", 100, 900, 4));
  return l;
}

TEST(HeldTier, TheTierTheLedgerSumsTo) {
  const std::vector<TierRecord> tiers = {HeldRecord("ci", kSmall, 10, 100),
                                         HeldRecord("S", HeldGrown(), 100, 1000)};
  ASSERT_NE(HeldTier(tiers, kSmall), nullptr);
  EXPECT_EQ(HeldTier(tiers, kSmall)->tier, "ci");
  ASSERT_NE(HeldTier(tiers, HeldGrown()), nullptr);
  EXPECT_EQ(HeldTier(tiers, HeldGrown())->tier, "S");
  EXPECT_TRUE(LedgerHoldsTier(tiers[1], HeldGrown()));
  EXPECT_FALSE(LedgerHoldsTier(tiers[0], HeldGrown())) << "grown past ci";
}

TEST(HeldTier, NoneWithRowsPastTheLastRecordOrNoRecord) {
  std::vector<LedgerEntry> cut_short = kSmall;
  cut_short.push_back(HeldEntry("a.t", 10, 5, 3));  // a grow of S cut short
  const std::vector<TierRecord> tiers = {HeldRecord("ci", kSmall, 10, 100)};
  EXPECT_EQ(HeldTier(tiers, cut_short), nullptr);
  EXPECT_EQ(HeldTier({}, kSmall), nullptr);
}

TEST(HeldTier, RowsThatAgreeWithADigestThatDoesNotAreNotTheTier) {
  std::vector<LedgerEntry> swapped = kSmall;
  swapped[0].digest.lo = 99;  // same rows, other contents
  const std::vector<TierRecord> tiers = {HeldRecord("ci", kSmall, 10, 100)};
  EXPECT_EQ(HeldTier(tiers, swapped), nullptr);
}

}  // namespace
}  // namespace skyseed
