// What verify concludes from a hand-written ledger, tier record and table
// contents (the digests a scan would return), without a server: a ledger
// that lost entries or misstates a digest is named as damaged, rows past the
// last tier are reported as an unfinished grow, a tier record that disagrees
// with the generator is reported, and a ledger without tier records too.
#include "verify/verify_findings.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "generator/source_row.h"
#include "tests/corpus_table_defs.h"
#include "tiers/corpus_hash.h"

namespace skyseed {
namespace {

constexpr uint64_t kVerifyFindingsSeed = 1;

// The generator's digest of `range`, hashed on its own (not from chunks).
TableDigest Generated(RowRange range) {
  return HashRanges(SourceDef(), kVerifyFindingsSeed, {range}, 1)[0];
}

LedgerEntry VerifyFindingsEntry(uint64_t first, uint64_t count) {
  return {"gaia.gaia_source", {first, count}, Generated({first, count}).sum};
}

// The check verify makes of gaia_source for `ledger` and a tier of
// `tier_rows` rows, the table holding exactly the generator's rows.
TableCheck CheckOf(const std::vector<LedgerEntry>& ledger, uint64_t tier_rows) {
  TableCheck c;
  c.table = &SourceDef();
  c.plan = PlanTableCheck(ledger, "gaia.gaia_source", tier_rows, kVerifyPieceRows);
  for (const VerifyChunk& chunk : c.plan.chunks) c.generator.push_back(Generated(chunk.range));
  c.database = c.generator;
  return c;
}

std::vector<std::string> Diagnose(const TableCheck& c, const std::string& tier = "ci") {
  std::vector<std::string> problems;
  DiagnoseLedger(c, tier, &problems);
  return problems;
}

TEST(VerifyFindings, AWholeLedgerAndTableRaiseNothing) {
  EXPECT_TRUE(Diagnose(CheckOf({VerifyFindingsEntry(0, 4), VerifyFindingsEntry(4, 4)}, 8)).empty());
}

TEST(VerifyFindings, ALedgerThatLostEntriesIsDamagedNotTheTable) {
  const TableCheck c = CheckOf({VerifyFindingsEntry(0, 4)}, 8);
  EXPECT_EQ(Diagnose(c), std::vector<std::string>{
                             "the chunk ledger is damaged: it accounts for 4 of the 8 rows of "
                             "gaia.gaia_source that tier ci recorded and the table holds"});
}

TEST(VerifyFindings, ALostEntryWhoseRowsAreGoneToo) {
  TableCheck c = CheckOf({VerifyFindingsEntry(0, 4)}, 8);
  ASSERT_EQ(c.plan.chunks.size(), 2u);  // the ledger's chunk and the gap
  c.database[1] = Generated({4, 3});    // a row of the gap is missing
  EXPECT_EQ(Diagnose(c), std::vector<std::string>{
                             "the chunk ledger is damaged: it accounts for 4 of the 8 rows of "
                             "gaia.gaia_source that tier ci recorded"});
}

TEST(VerifyFindings, ALedgerDigestThatDisagreesWithTheGenerator) {
  std::vector<LedgerEntry> ledger = {VerifyFindingsEntry(0, 4), VerifyFindingsEntry(4, 4)};
  ledger[0].digest.lo ^= 1;
  EXPECT_EQ(Diagnose(CheckOf(ledger, 8)),
            std::vector<std::string>{"the chunk ledger is damaged: its digest of gaia.gaia_source "
                                     "rows 0..4 disagrees with the generator (the table's rows "
                                     "agree)"});
}

TEST(VerifyFindings, RowsPastTheLastTierAreAnUnfinishedGrow) {
  EXPECT_EQ(Diagnose(CheckOf({VerifyFindingsEntry(0, 4), VerifyFindingsEntry(4, 4)}, 4)),
            std::vector<std::string>{"rows beyond tier ci are loaded (an unfinished grow): 4 rows "
                                     "of gaia.gaia_source past its 4"});
  // A chunk across the tier's end: only its rows past the end count.
  EXPECT_EQ(Diagnose(CheckOf({VerifyFindingsEntry(0, 4), VerifyFindingsEntry(4, 4)}, 6)),
            std::vector<std::string>{"rows beyond tier ci are loaded (an unfinished grow): 2 rows "
                                     "of gaia.gaia_source past its 6"});
}

// A size tier ("size-…") stands for the rows its record names.
TierRecord SizeTier(uint64_t rows) {
  TierRecord t;
  t.tier = "size-1KiB";
  const TableDigest d = Generated({0, rows});
  t.tables = {{"gaia.gaia_source", d, 0, 0, 0}};
  t.corpus = CorpusDigest({{"gaia.gaia_source", d}});
  return t;
}

std::vector<std::string> CheckTiers(const std::vector<TierRecord>& tiers) {
  std::vector<std::string> problems;
  CheckTierRecords(tiers, {CheckOf({VerifyFindingsEntry(0, 4), VerifyFindingsEntry(4, 4)}, 8)},
                   kVerifyFindingsSeed, 1, &problems);
  return problems;
}

TEST(VerifyFindings, TierRecordsThatAgreeWithTheGenerator) {
  // 6 rows: one ledger chunk reused whole, two rows of the next hashed.
  EXPECT_TRUE(CheckTiers({SizeTier(8), SizeTier(6)}).empty());
}

TEST(VerifyFindings, ATierRecordThatDisagreesIsReported) {
  TierRecord t = SizeTier(8);
  t.tables[0].digest.sum.hi ^= 1;
  const std::vector<std::string> problems = CheckTiers({t});
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0].rfind("tier size-1KiB record of gaia.gaia_source (8 rows, digest ", 0), 0u)
      << problems[0];
  EXPECT_NE(problems[0].find(") disagrees with the generator (8 rows, digest " +
                             Generated({0, 8}).sum.Hex() + ")"),
            std::string::npos)
      << problems[0];
  // Its corpus digest was made from the tables as they were: it still holds.
  t = SizeTier(8);
  t.corpus.lo ^= 1;
  EXPECT_EQ(CheckTiers({t}),
            std::vector<std::string>{"tier size-1KiB recorded corpus digest " + t.corpus.Hex() +
                                     "; the generator's is " + SizeTier(8).corpus.Hex()});
}

TEST(VerifyFindings, ATierRecordMissingATable) {
  TierRecord t = SizeTier(8);
  t.tables.clear();
  const std::vector<std::string> problems = CheckTiers({t});
  ASSERT_FALSE(problems.empty());
  EXPECT_EQ(problems[0], "tier size-1KiB has no record of gaia.gaia_source");
}

TEST(VerifyFindings, ALedgerWithoutTierRecords) {
  EXPECT_EQ(LostTierRecords({}, {VerifyFindingsEntry(0, 4), VerifyFindingsEntry(4, 3)}),
            "no tier is recorded, yet the chunk ledger holds 2 chunks (7 rows): the tier records "
            "are lost, or a first grow did not finish (run grow to finish it or record the tier "
            "again)");
  EXPECT_EQ(LostTierRecords({SizeTier(4)}, {VerifyFindingsEntry(0, 4)}), std::nullopt);
  EXPECT_EQ(LostTierRecords({}, {}), std::nullopt);
}

}  // namespace
}  // namespace skyseed
