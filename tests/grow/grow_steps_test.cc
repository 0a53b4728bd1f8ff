// Grow's steps through an in-memory database (tests/grow/fake_grow_database.h):
// which chunks a growth loads after a partial ledger, that the ledger is
// checked once and before anything is loaded, that a tier is recorded only
// after its set-aside indexes are built and VACUUM ran, and that a shard
// which does not finish the tier leaves the indexes and the record alone.
#include "grow/grow_steps.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "generator/obscore_row.h"
#include "generator/source_row.h"
#include "tests/corpus_table_defs.h"
#include "tests/grow/fake_grow_database.h"
#include "tiers/corpus_hash.h"

namespace skyseed {
namespace {

TableRows Rows(uint64_t obscore, uint64_t source) {
  TableRows r{};
  r[ObscoreDef().index] = obscore;
  r[SourceDef().index] = source;
  return r;
}

// A chunk as a real load commits it: its digest the generator's (seed 1),
// which a grow checks for chunks no tier record covers yet.
LedgerEntry Entry(const std::string& table, uint64_t first, uint64_t count) {
  ByteBuffer scratch;
  return {table, {first, count}, HashRange(*FindTable(table), 1, {first, count}, &scratch).sum};
}

// Generated rows, nothing said: the run matters only to the real database.
const GrowRun kRun;

GrowPlan Options() {
  GrowPlan o;
  o.chunk_rows = 1000;
  return o;
}

std::vector<std::string> Sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

TEST(GrowSteps, LoadsOnlyTheChunksAPartialLedgerLacks) {
  FakeGrowDatabase db;
  db.ledger = {Entry("gaia.gaia_source", 0, 1000), Entry("gaia.gaia_source", 1000, 1000),
               Entry("ivoa.obscore", 0, 1000)};
  const GrowPlan o = Options();
  GrowContext ctx{o, kRun, db};
  PhaseTimes phases;
  ASSERT_TRUE(LoadMissing(ctx, Rows(2500, 3000), &phases).ok());
  EXPECT_EQ(Sorted(db.Logged("load ")),
            Sorted({"load gaia.gaia_source 2000..3000", "load ivoa.obscore 1000..2000",
                    "load ivoa.obscore 2000..2500"}));
}

TEST(GrowSteps, AFullLedgerLoadsNothing) {
  FakeGrowDatabase db;
  db.ledger = {Entry("gaia.gaia_source", 0, 3000), Entry("ivoa.obscore", 0, 2500)};
  const GrowPlan o = Options();
  GrowContext ctx{o, kRun, db};
  PhaseTimes phases;
  ASSERT_TRUE(LoadMissing(ctx, Rows(2500, 3000), &phases).ok());
  EXPECT_TRUE(db.Logged("load ").empty());
}

TEST(GrowSteps, AnEditedDigestOfAChunkNoRecordCoversIsRefusedBeforeLoading) {
  FakeGrowDatabase db;
  db.ledger = {Entry("gaia.gaia_source", 0, 1000), Entry("gaia.gaia_source", 1000, 1000)};
  db.ledger[1].digest.Add(Digest128{0, 1});
  const GrowPlan o = Options();
  GrowContext ctx{o, kRun, db};
  PhaseTimes phases;
  const Status s = LoadMissing(ctx, Rows(2500, 3000), &phases);
  EXPECT_EQ(s.code(), Status::Code::kCorruption) << s.message();
  EXPECT_NE(s.message().find("rows [1000, 2000)"), std::string::npos) << s.message();
  EXPECT_TRUE(db.Logged("load ").empty());
  EXPECT_TRUE(db.Logged("set aside ").empty());
}

TEST(GrowSteps, ALedgerAheadOfTheTierLoadsNothing) {
  FakeGrowDatabase db;
  db.ledger = {Entry("gaia.gaia_source", 0, 5000)};
  const GrowPlan o = Options();
  GrowContext ctx{o, kRun, db};
  PhaseTimes phases;
  const Status s = LoadMissing(ctx, Rows(2500, 3000), &phases);
  EXPECT_EQ(s.code(), Status::Code::kInvalidArgument) << s.message();
  EXPECT_TRUE(db.Logged("load ").empty());
}

TEST(GrowSteps, TheLedgerIsCheckedOnceAndBeforeAnythingElse) {
  FakeGrowDatabase db;
  const GrowPlan o = Options();
  GrowContext ctx{o, kRun, db};
  PhaseTimes phases;
  ASSERT_TRUE(GrowToCounts(ctx, Rows(1000, 1000), &phases).ok());
  ASSERT_TRUE(GrowToCounts(ctx, Rows(2000, 2000), &phases).ok());
  EXPECT_EQ(db.Logged("audit").size(), 1u);
  ASSERT_FALSE(db.log.empty());
  EXPECT_EQ(db.log.front(), "audit");
}

TEST(GrowSteps, VerifyReReadsTheLedgersRowsOnlyWhenThereAreAny) {
  GrowPlan o = Options();
  o.verify = true;
  {
    FakeGrowDatabase db;
    GrowContext ctx{o, kRun, db};
    ASSERT_TRUE(CheckLedgerOnce(ctx).ok());
    EXPECT_TRUE(db.Logged("recheck").empty());
  }
  FakeGrowDatabase db;
  db.ledger = {Entry("ivoa.obscore", 0, 1000), Entry("ivoa.obscore", 1000, 1000)};
  GrowContext ctx{o, kRun, db};
  ASSERT_TRUE(CheckLedgerOnce(ctx).ok());
  EXPECT_EQ(db.Logged("recheck"), std::vector<std::string>{"recheck 2 chunks"});
}

TEST(GrowSteps, ADamagedLedgerStopsTheGrowthBeforeAnythingIsTouched) {
  FakeGrowDatabase db;
  db.audit_status = Status::Corruption("the chunk ledger and the tables disagree");
  const GrowPlan o = Options();
  GrowContext ctx{o, kRun, db};
  const Status s = GrowAndRecord(ctx, "ci", Rows(1000, 1000));
  EXPECT_EQ(s.code(), Status::Code::kCorruption);
  EXPECT_EQ(db.log, std::vector<std::string>{"audit"});
}

TEST(GrowSteps, ATierIsRecordedOnlyAfterItsIndexesAreBuiltAndVacuumRan) {
  FakeGrowDatabase db;
  const GrowPlan o = Options();
  GrowContext ctx{o, kRun, db};
  ASSERT_TRUE(GrowAndRecord(ctx, "ci", Rows(2000, 2000)).ok());
  ASSERT_EQ(db.Logged("record "), std::vector<std::string>{"record ci"});
  EXPECT_EQ(db.log.back(), "record ci");
  EXPECT_LT(db.FirstAt("rebuild set-aside"), db.FirstAt("record "));
  EXPECT_LT(db.FirstAt("vacuum"), db.FirstAt("record "));
  EXPECT_EQ(db.stash_at_record, 0u);
  // Loading an empty table set some indexes aside; each was built again.
  EXPECT_FALSE(db.Logged("set aside ").empty());
  // Every index set aside is built once.
  EXPECT_EQ(db.Logged("build ").size(), db.Logged("set aside ").size());
}

TEST(GrowSteps, AFailedIndexBuildRecordsNoTier) {
  FakeGrowDatabase db;
  db.rebuild_status = Status::Database("could not create index");
  const GrowPlan o = Options();
  GrowContext ctx{o, kRun, db};
  EXPECT_FALSE(GrowAndRecord(ctx, "ci", Rows(2000, 2000)).ok());
  EXPECT_TRUE(db.tiers.empty());
  EXPECT_TRUE(db.Logged("record ").empty());
  EXPECT_TRUE(db.Logged("vacuum").empty());
}

TEST(GrowSteps, AShardThatDoesNotFinishLeavesIndexesAndRecordToAnother) {
  FakeGrowDatabase db;
  db.shard_finishes = false;
  GrowPlan o = Options();
  o.shard = 1;
  o.shards = 2;
  GrowContext ctx{o, kRun, db};
  ASSERT_TRUE(GrowAndRecord(ctx, "ci", Rows(4000, 4000)).ok());
  EXPECT_EQ(db.Logged("shard asks"), std::vector<std::string>{"shard asks to finish"});
  EXPECT_TRUE(db.Logged("rebuild").empty());
  EXPECT_TRUE(db.Logged("build ").empty());
  EXPECT_TRUE(db.Logged("vacuum").empty());
  EXPECT_TRUE(db.tiers.empty());
  // It loaded some cells of the grid, not all of them.
  const size_t loaded = db.Logged("load ").size();
  EXPECT_GT(loaded, 0u);
  EXPECT_LT(loaded, 8u);
}

TEST(GrowSteps, TheShardThatFinishesBuildsAndRecords) {
  FakeGrowDatabase db;
  GrowPlan o = Options();
  o.shard = 1;
  o.shards = 2;
  GrowContext ctx{o, kRun, db};
  ASSERT_TRUE(GrowAndRecord(ctx, "ci", Rows(4000, 4000)).ok());
  EXPECT_LT(db.FirstAt("shard asks"), db.FirstAt("rebuild set-aside"));
  EXPECT_EQ(db.log.back(), "record ci");
}

}  // namespace
}  // namespace skyseed
