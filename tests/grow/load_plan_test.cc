// What a growth step loads, from a hand-written ledger: the missing ranges
// cut to the chunk grid, each cell to exactly one shard, files refused when
// the ledger holds part of them, and tiers that only grow.
#include "grow/load_plan.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "generator/obscore_row.h"
#include "generator/source_row.h"
#include "tests/corpus_table_defs.h"

namespace skyseed {
namespace {

LedgerEntry LoadPlanEntry(const TableDef& t, uint64_t first, uint64_t count) {
  return {t.standard_name(), {first, count}, {first, count}};
}

TableRows LoadPlanRows(uint64_t obscore, uint64_t source) {
  TableRows r{};
  r[ObscoreDef().index] = obscore;
  r[SourceDef().index] = source;
  return r;
}

// "ivoa.obscore 0+3" per chunk, for readable failures.
std::vector<std::string> Describe(const std::vector<Chunk>& chunks) {
  std::vector<std::string> out;
  for (const Chunk& c : chunks) {
    out.push_back(c.table->standard_name() + " " + std::to_string(c.range.first) + "+" +
                  std::to_string(c.range.count));
  }
  return out;
}

using Names = std::vector<std::string>;

TEST(LoadPlan, AnEmptyLedgerLoadsEveryRowOnTheGrid) {
  EXPECT_EQ(Describe(PlanGeneratedLoad({}, LoadPlanRows(7, 5), {3, 0, 1})),
            (Names{"ivoa.obscore 0+3", "ivoa.obscore 3+3", "ivoa.obscore 6+1",
                   "gaia.gaia_source 0+3", "gaia.gaia_source 3+2"}));
}

TEST(LoadPlan, OnlyWhatTheLedgerLacks) {
  const std::vector<LedgerEntry> ledger = {LoadPlanEntry(ObscoreDef(), 0, 3),
                                           LoadPlanEntry(SourceDef(), 0, 5)};
  EXPECT_EQ(Describe(PlanGeneratedLoad(ledger, LoadPlanRows(7, 5), {3, 0, 1})),
            (Names{"ivoa.obscore 3+3", "ivoa.obscore 6+1"}));
}

TEST(LoadPlan, ALedgerOfAnotherChunkSizeIsCompletedOnTheGrid) {
  // LoadPlanRows 0..4 came in chunks of 4; the rest follows the grid of 3.
  const std::vector<LedgerEntry> ledger = {LoadPlanEntry(ObscoreDef(), 0, 4)};
  EXPECT_EQ(Describe(PlanGeneratedLoad(ledger, LoadPlanRows(9, 0), {3, 0, 1})),
            (Names{"ivoa.obscore 4+2", "ivoa.obscore 6+3"}));
}

TEST(LoadPlan, EachShardLoadsTheCellsItOwns) {
  EXPECT_EQ(Describe(PlanGeneratedLoad({}, LoadPlanRows(12, 0), {3, 0, 2})),
            (Names{"ivoa.obscore 0+3", "ivoa.obscore 6+3"}));
  EXPECT_EQ(Describe(PlanGeneratedLoad({}, LoadPlanRows(12, 0), {3, 1, 2})),
            (Names{"ivoa.obscore 3+3", "ivoa.obscore 9+3"}));
  // A piece cut short by the ledger belongs to its cell's shard.
  const std::vector<LedgerEntry> ledger = {LoadPlanEntry(ObscoreDef(), 0, 4)};
  EXPECT_EQ(Describe(PlanGeneratedLoad(ledger, LoadPlanRows(9, 0), {3, 0, 2})),
            (Names{"ivoa.obscore 6+3"}));
  EXPECT_EQ(Describe(PlanGeneratedLoad(ledger, LoadPlanRows(9, 0), {3, 1, 2})),
            (Names{"ivoa.obscore 4+2"}));
}

TEST(LoadPlan, TiersOnlyGrow) {
  const std::vector<LedgerEntry> ledger = {LoadPlanEntry(ObscoreDef(), 0, 10),
                                           LoadPlanEntry(SourceDef(), 0, 100)};
  EXPECT_TRUE(CheckOnlyGrows(ledger, LoadPlanRows(10, 100)).ok());
  EXPECT_TRUE(CheckOnlyGrows(ledger, LoadPlanRows(11, 200)).ok());
  const Status obscore = CheckOnlyGrows(ledger, LoadPlanRows(5, 100));
  EXPECT_EQ(obscore.code(), Status::Code::kInvalidArgument);
  EXPECT_EQ(obscore.message(),
            "ivoa.obscore already holds 10 rows, more than the 5 asked for; tiers only grow");
  // Both too large: the first in name order is named.
  EXPECT_EQ(CheckOnlyGrows(ledger, LoadPlanRows(5, 50)).message(),
            "gaia.gaia_source already holds 100 rows, more than the 50 asked for; tiers only grow");
}

TEST(LoadPlan, FilesTheLedgerLacks) {
  const std::vector<Chunk> files = {
      {&ObscoreDef(), {0, 5}}, {&ObscoreDef(), {5, 5}}, {&SourceDef(), {0, 4}}};
  Result<std::vector<Chunk>> all = PlanFileLoad({}, LoadPlanRows(10, 4), files, "ci");
  ASSERT_TRUE(all.ok());
  EXPECT_EQ(all->size(), 3u);
  Result<std::vector<Chunk>> rest =
      PlanFileLoad({LoadPlanEntry(ObscoreDef(), 0, 5), LoadPlanEntry(SourceDef(), 0, 4)},
                   LoadPlanRows(10, 4), files, "ci");
  ASSERT_TRUE(rest.ok());
  EXPECT_EQ(Describe(*rest), (Names{"ivoa.obscore 5+5"}));
}

TEST(LoadPlan, AFileTheLedgerHoldsPartOfIsRefused) {
  const std::vector<Chunk> files = {{&ObscoreDef(), {0, 5}}, {&ObscoreDef(), {5, 5}}};
  Result<std::vector<Chunk>> r =
      PlanFileLoad({LoadPlanEntry(ObscoreDef(), 0, 3)}, LoadPlanRows(10, 0), files, "S");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), Status::Code::kInvalidArgument);
  EXPECT_EQ(r.status().message(),
            "the database already holds part of ivoa.obscore rows 0..5 (grown with another chunk "
            "size); finish it with skyseed grow --tier S");
}

TEST(LoadPlan, LedgerCoversTheCountsWhoeverLoadedThem) {
  const std::vector<LedgerEntry> ledger = {LoadPlanEntry(ObscoreDef(), 3, 3),
                                           LoadPlanEntry(ObscoreDef(), 0, 3),
                                           LoadPlanEntry(SourceDef(), 0, 3)};
  EXPECT_TRUE(LedgerCovers(ledger, LoadPlanRows(6, 3)));
  EXPECT_TRUE(LedgerCovers(ledger, LoadPlanRows(4, 2)));
  EXPECT_FALSE(LedgerCovers(ledger, LoadPlanRows(7, 3)));
  EXPECT_FALSE(LedgerCovers(ledger, LoadPlanRows(6, 4)));
  EXPECT_FALSE(LedgerCovers({LoadPlanEntry(ObscoreDef(), 0, 2), LoadPlanEntry(ObscoreDef(), 3, 3)},
                            LoadPlanRows(6, 0)));
  EXPECT_TRUE(LedgerCovers({}, LoadPlanRows(0, 0)));
}

}  // namespace
}  // namespace skyseed
