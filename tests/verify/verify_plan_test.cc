// What verify compares a table with: the tier record's rows, whatever the
// ledger lost, and the prefixes of earlier tiers from chunks already hashed.
#include "verify/verify_plan.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "generator/obscore_row.h"

namespace skyseed {
namespace {

const std::string kTable = "ivoa.obscore";

LedgerEntry VerifyPlanEntry(uint64_t first, uint64_t count, uint64_t digest = 7) {
  return {kTable, {first, count}, {digest, digest}};
}

std::vector<std::pair<uint64_t, uint64_t>> Ranges(const TablePlan& p) {
  std::vector<std::pair<uint64_t, uint64_t>> out;
  for (const VerifyChunk& c : p.chunks) out.push_back({c.range.first, c.range.count});
  return out;
}

using R = std::vector<std::pair<uint64_t, uint64_t>>;

TEST(VerifyPlan, ASoundLedgerIsComparedAsItIs) {
  const TablePlan p = PlanTableCheck({VerifyPlanEntry(6000, 3000),
                                      VerifyPlanEntry(0, 3000),
                                      VerifyPlanEntry(3000, 3000),
                                      VerifyPlanEntry(9000, 1000),
                                      {"gaia.gaia_source", {0, 50}, {}}},
                                     kTable, 10000, 50000);
  EXPECT_EQ(Ranges(p), (R{{0, 3000}, {3000, 3000}, {6000, 3000}, {9000, 1000}}));
  EXPECT_EQ(p.tier_rows_in_ledger, 10000u);
  EXPECT_EQ(p.overlapping_entries, 0u);
  for (const VerifyChunk& c : p.chunks) EXPECT_TRUE(c.ledger_digest.has_value());
}

TEST(VerifyPlan, ATruncatedLedgerStillExpectsTheTiersRows) {
  const TablePlan p = PlanTableCheck({}, kTable, 120000, 50000);
  EXPECT_EQ(Ranges(p), (R{{0, 50000}, {50000, 50000}, {100000, 20000}}));
  EXPECT_EQ(p.tier_rows_in_ledger, 0u);
  for (const VerifyChunk& c : p.chunks) EXPECT_FALSE(c.ledger_digest.has_value());
}

TEST(VerifyPlan, DeletedAndShortenedEntriesLeaveGapsFilled) {
  // rows 3000..6000 deleted, the entry at 6000 shortened to 100 rows.
  const TablePlan p = PlanTableCheck(
      {VerifyPlanEntry(0, 3000), VerifyPlanEntry(6000, 100), VerifyPlanEntry(9000, 1000)}, kTable,
      10000, 50000);
  EXPECT_EQ(Ranges(p), (R{{0, 3000}, {3000, 3000}, {6000, 100}, {6100, 2900}, {9000, 1000}}));
  EXPECT_EQ(p.tier_rows_in_ledger, 4100u);
  EXPECT_FALSE(p.chunks[1].ledger_digest.has_value());
  EXPECT_TRUE(p.chunks[2].ledger_digest.has_value());
}

TEST(VerifyPlan, OverlappingEntriesAreLeftOutAndCounted) {
  const TablePlan p = PlanTableCheck(
      {VerifyPlanEntry(0, 3000), VerifyPlanEntry(2000, 3000), VerifyPlanEntry(3000, 7000)}, kTable,
      10000, 50000);
  EXPECT_EQ(Ranges(p), (R{{0, 3000}, {3000, 7000}}));
  EXPECT_EQ(p.overlapping_entries, 1u);
  EXPECT_EQ(p.tier_rows_in_ledger, 10000u);
}

TEST(VerifyPlan, RowsBeyondTheTierAreTheLedgers) {
  // An unfinished grow past ci, and no tier at all.
  EXPECT_EQ(Ranges(PlanTableCheck({VerifyPlanEntry(0, 10000), VerifyPlanEntry(10000, 5000)}, kTable,
                                  10000, 50000)),
            (R{{0, 10000}, {10000, 5000}}));
  EXPECT_EQ(Ranges(PlanTableCheck({VerifyPlanEntry(0, 3000)}, kTable, 0, 50000)), (R{{0, 3000}}));
}

TEST(VerifyPlan, ABuiltinTiersRowsComeFromItsSpecNotTheRecord) {
  TierRecord ci;
  ci.tier = "ci";
  ci.tables = {{"ivoa.obscore", {5, {}}, 0, 0, 0}};
  const TableDef& obscore = CorpusTableWithId(kObsCoreTableId);
  EXPECT_EQ(RecordedTierRows(ci, obscore), 10000u);
  TierRecord size = ci;
  size.tier = "size-130MB";
  EXPECT_EQ(RecordedTierRows(size, obscore), 5u);
}

TEST(VerifyPlan, APrefixReusesWholeChunksAndHashesTheRest) {
  std::vector<VerifyChunk> chunks;
  for (uint64_t first : {0, 3000, 6000, 9000}) chunks.push_back({{first, 3000}, std::nullopt});
  PrefixPlan p = PlanPrefix(chunks, 6000, 50000);
  EXPECT_EQ(p.whole, (std::vector<size_t>{0, 1}));
  EXPECT_TRUE(p.to_hash.empty());
  p = PlanPrefix(chunks, 7000, 50000);  // part of the third chunk
  EXPECT_EQ(p.whole, (std::vector<size_t>{0, 1}));
  ASSERT_EQ(p.to_hash.size(), 1u);
  EXPECT_EQ(p.to_hash[0].first, 6000u);
  EXPECT_EQ(p.to_hash[0].count, 1000u);
  p = PlanPrefix(chunks, 20000, 5000);  // past the last, in pieces
  EXPECT_EQ(p.whole.size(), 4u);
  ASSERT_EQ(p.to_hash.size(), 2u);
  EXPECT_EQ(p.to_hash[0].first, 12000u);
  EXPECT_EQ(p.to_hash[0].count, 3000u);
  EXPECT_EQ(p.to_hash[1].first, 15000u);
  EXPECT_EQ(p.to_hash[1].count, 5000u);
  // A gap between chunks is hashed.
  p = PlanPrefix({{{0, 10}, std::nullopt}, {{20, 10}, std::nullopt}}, 30, 100);
  EXPECT_EQ(p.whole, (std::vector<size_t>{0, 1}));
  ASSERT_EQ(p.to_hash.size(), 1u);
  EXPECT_EQ(p.to_hash[0].first, 10u);
  EXPECT_EQ(p.to_hash[0].count, 10u);
  EXPECT_TRUE(PlanPrefix(chunks, 0, 50000).whole.empty());
}

}  // namespace
}  // namespace skyseed
