// What `verify` reports for each kind of damage, on a fake database: the
// test grows a small tier with the generator's rows (its own ledger and tier
// record, hashed here tuple by tuple), damages one thing, and expects that
// thing named: a changed or missing row (its table and chunk), a row past
// the tier, a ledger entry lost or misstating its digest, a tier record or
// corpus digest that disagrees, tier records lost, indexes and views, and
// footprints that are not their literal's polygon.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "generator/obscore_row.h"
#include "generator/source_row.h"
#include "tests/corpus_table_defs.h"
#include "tests/verify/fake_verify_database.h"
#include "verify/verify.h"

namespace skyseed {
namespace {

constexpr uint64_t kSeed = 7;
constexpr uint64_t kChunkRows = 16;
const char kTier[] = "t80";  // not a built-in tier: its record says the rows

const TableDef& ObsCore() { return CorpusTableWithId(kObsCoreTableId); }
uint64_t TierRows(const TableDef& t) { return &t == &ObsCore() ? 30 : 50; }

// Row `row` as the generator encodes it: one binary COPY tuple.
std::string Tuple(const TableDef& t, uint64_t row) {
  ByteBuffer buf;
  TableDigest ignored;
  t.encode(kSeed, {row, 1}, &buf, &ignored);
  return std::string(buf.view());
}

TableDigest DigestOf(const std::vector<std::string>& tuples, size_t first, size_t end) {
  TableDigest d;
  for (size_t i = first; i < end; ++i) d.AddRow(tuples[i].data(), tuples[i].size());
  return d;
}

// Every table holds its tier's rows, loaded in chunks of 16 with their
// ledger entries, and the tier recorded.
FakeVerifyDatabase Grown() {
  FakeVerifyDatabase db;
  db.identity = {kSeed, kGeneratorVersion};
  TierRecord tier;
  tier.tier = kTier;
  std::vector<NamedTableDigest> named;
  for (const TableDef& t : CorpusTables()) {
    std::vector<std::string>& rows = db.rows[t.standard_name()];
    for (uint64_t i = 0; i < TierRows(t); ++i) rows.push_back(Tuple(t, i));
    for (uint64_t first = 0; first < rows.size(); first += kChunkRows) {
      const uint64_t end = std::min<uint64_t>(first + kChunkRows, rows.size());
      db.ledger.push_back(
          {t.standard_name(), {first, end - first}, DigestOf(rows, first, end).sum});
    }
    const TableDigest all = DigestOf(rows, 0, rows.size());
    tier.tables.push_back({t.standard_name(), all});
    named.push_back({t.standard_name(), all});
  }
  tier.corpus = CorpusDigest(named);
  db.tiers = {tier};
  return db;
}

VerifyReport Verified(FakeVerifyDatabase& db) {
  Result<VerifyReport> r = VerifyCorpus(db, 2);
  EXPECT_TRUE(r.ok()) << r.status().message();
  return r.ok() ? *r : VerifyReport{};
}

const TableVerdict& VerdictOf(const VerifyReport& r, const TableDef& t) {
  for (const TableVerdict& v : r.tables) {
    if (v.table == t.standard_name()) return v;
  }
  ADD_FAILURE() << "no verdict on " << t.standard_name();
  static const TableVerdict none;
  return none;
}

// Where the ledger holds `table`'s chunk from row `first`.
size_t EntryAt(const FakeVerifyDatabase& db, const TableDef& t, uint64_t first) {
  for (size_t i = 0; i < db.ledger.size(); ++i) {
    if (db.ledger[i].table == t.standard_name() && db.ledger[i].range.first == first) return i;
  }
  ADD_FAILURE() << "no ledger entry of " << t.standard_name() << " at " << first;
  return 0;
}

std::string VerifyCorpusRows(uint64_t first, uint64_t end) {
  return "rows " + std::to_string(first) + ".." + std::to_string(end);
}

TEST(VerifyCorpus, AnIntactCorpusIsOk) {
  FakeVerifyDatabase db = Grown();
  const VerifyReport r = Verified(db);
  EXPECT_TRUE(r.ok()) << FormatVerifyReport(r);
  EXPECT_EQ(r.tier, kTier);
  EXPECT_EQ(r.corpus_digest, db.tiers[0].corpus.Hex());
  for (const TableDef& t : CorpusTables()) {
    EXPECT_EQ(VerdictOf(r, t).db_rows, TierRows(t));
    EXPECT_EQ(VerdictOf(r, t).chunks, (TierRows(t) + kChunkRows - 1) / kChunkRows);
  }
  EXPECT_EQ(FormatVerifyReport(r).rfind(std::string("OK tier ") + kTier + ":", 0), 0u);
}

TEST(VerifyCorpus, AChangedRowIsNamedWithItsChunk) {
  FakeVerifyDatabase db = Grown();
  db.rows["gaia.gaia_source"][20].back() ^= 1;  // a value of row 20, its key intact
  const VerifyReport r = Verified(db);
  EXPECT_FALSE(r.ok());
  const TableVerdict& v = VerdictOf(r, SourceDef());
  EXPECT_EQ(v.chunks_differing, 1u);
  ASSERT_EQ(v.differing.size(), 1u);
  EXPECT_EQ(VerifyCorpusRows(v.differing[0].first, v.differing[0].end()), VerifyCorpusRows(16, 32));
  EXPECT_EQ(v.rows_missing_or_changed, 1u);
  EXPECT_EQ(v.rows_unexpected, 1u) << "the changed row is one the generator does not make";
  EXPECT_TRUE(VerdictOf(r, ObsCore()).ok());
  EXPECT_TRUE(r.problems.empty()) << "the ledger and the tier record are right";
  EXPECT_NE(FormatVerifyReport(r).find(
                "MISMATCH gaia.gaia_source: 50 rows in the database, 50 expected; 1 of 4 chunks "
                "differ; 1 rows missing or changed, 1 unexpected; first differing chunk: " +
                VerifyCorpusRows(16, 32)),
            std::string::npos)
      << FormatVerifyReport(r);
}

TEST(VerifyCorpus, AMissingRowIsNamedWithItsChunk) {
  FakeVerifyDatabase db = Grown();
  std::vector<std::string>& rows = db.rows["ivoa.obscore"];
  rows.erase(rows.begin() + 20);
  const VerifyReport r = Verified(db);
  const TableVerdict& v = VerdictOf(r, ObsCore());
  EXPECT_EQ(v.db_rows, 29u);
  EXPECT_EQ(v.expected_rows, 30u);
  ASSERT_EQ(v.differing.size(), 1u);
  EXPECT_EQ(VerifyCorpusRows(v.differing[0].first, v.differing[0].end()), VerifyCorpusRows(16, 30));
  EXPECT_EQ(v.rows_missing_or_changed, 1u);
  EXPECT_EQ(v.rows_unexpected, 0u);
  EXPECT_FALSE(r.ok());
}

TEST(VerifyCorpus, ARowPastTheTierOutsideTheLedgerIsUnexpected) {
  FakeVerifyDatabase db = Grown();
  db.rows["gaia.gaia_source"].push_back(Tuple(SourceDef(), 50));
  const VerifyReport r = Verified(db);
  EXPECT_FALSE(r.ok());
  const TableVerdict& v = VerdictOf(r, SourceDef());
  EXPECT_EQ(v.db_rows, 51u);
  EXPECT_EQ(v.chunks_differing, 0u);
  EXPECT_EQ(v.rows_unexpected, 1u);
  EXPECT_EQ(FormatVerifyReport(r),
            "MISMATCH gaia.gaia_source: 51 rows in the database, 50 expected; 0 of 4 chunks "
            "differ; 0 rows missing or changed, 1 unexpected");
}

TEST(VerifyCorpus, RowsPastTheTierWithTheirLedgerEntryAreAnUnfinishedGrow) {
  FakeVerifyDatabase db = Grown();
  std::vector<std::string>& rows = db.rows["gaia.gaia_source"];
  for (uint64_t i = 50; i < 60; ++i) rows.push_back(Tuple(SourceDef(), i));
  db.ledger.push_back({"gaia.gaia_source", {50, 10}, DigestOf(rows, 50, 60).sum});
  const VerifyReport r = Verified(db);
  EXPECT_TRUE(VerdictOf(r, SourceDef()).ok()) << "the rows are the generator's";
  EXPECT_EQ(r.problems, std::vector<std::string>{std::string("rows beyond tier ") + kTier +
                                                 " are loaded (an unfinished grow): 10 rows of "
                                                 "gaia.gaia_source past its 50"});
}

TEST(VerifyCorpus, ALedgerDigestThatDisagreesIsTheLedgersDamage) {
  FakeVerifyDatabase db = Grown();
  db.ledger[EntryAt(db, SourceDef(), 16)].digest.lo ^= 1;
  const VerifyReport r = Verified(db);
  EXPECT_TRUE(VerdictOf(r, SourceDef()).ok()) << "the table is not blamed";
  EXPECT_EQ(r.problems, std::vector<std::string>{"the chunk ledger is damaged: its digest of "
                                                 "gaia.gaia_source " +
                                                 VerifyCorpusRows(16, 32) +
                                                 " disagrees with the generator (the table's "
                                                 "rows agree)"});
}

TEST(VerifyCorpus, ALostLedgerEntryIsTheLedgersDamage) {
  FakeVerifyDatabase db = Grown();
  db.ledger.erase(db.ledger.begin() + EntryAt(db, SourceDef(), 16));  // 16 of its 50 rows
  const VerifyReport r = Verified(db);
  EXPECT_TRUE(VerdictOf(r, SourceDef()).ok()) << "the table is not blamed";
  EXPECT_EQ(r.problems, std::vector<std::string>{
                            std::string("the chunk ledger is damaged: it accounts for 34 of the "
                                        "50 rows of gaia.gaia_source that tier ") +
                            kTier + " recorded and the table holds"});
}

TEST(VerifyCorpus, ATierRecordThatDisagreesIsNamed) {
  FakeVerifyDatabase db = Grown();
  TierTableRecord& rec = db.tiers[0].tables[1];
  const TableDigest right = rec.digest;
  rec.digest.sum.lo ^= 1;
  const auto text = [](const TableDigest& d) {
    return std::to_string(d.rows) + " rows, digest " + d.sum.Hex();
  };
  const VerifyReport r = Verified(db);
  EXPECT_EQ(r.problems,
            std::vector<std::string>{std::string("tier ") + kTier + " record of " + rec.table +
                                     " (" + text(rec.digest) + ") disagrees with the generator (" +
                                     text(right) + ")"});
  for (const TableVerdict& v : r.tables) EXPECT_TRUE(v.ok()) << v.table;
}

TEST(VerifyCorpus, ACorpusDigestThatDisagreesIsNamed) {
  FakeVerifyDatabase db = Grown();
  const Digest128 right = db.tiers[0].corpus;
  db.tiers[0].corpus = Digest128{};
  const VerifyReport r = Verified(db);
  EXPECT_EQ(r.problems,
            std::vector<std::string>{std::string("tier ") + kTier + " recorded corpus digest " +
                                     std::string(32, '0') + "; the generator's is " + right.Hex()});
}

TEST(VerifyCorpus, LostTierRecordsAreNamed) {
  FakeVerifyDatabase db = Grown();
  db.tiers.clear();
  const VerifyReport r = Verified(db);
  ASSERT_EQ(r.problems.size(), 1u);
  // 30 rows in 2 chunks, 50 in 4.
  EXPECT_EQ(r.problems[0].rfind("no tier is recorded, yet the chunk ledger holds 6 chunks (80 "
                                "rows)",
                                0),
            0u)
      << r.problems[0];
  EXPECT_FALSE(r.ok());
}

TEST(VerifyCorpus, IndexesSetAsideMissingOrLeftInTheStashAreNamed) {
  FakeVerifyDatabase db = Grown();
  db.stash = {{"obscore_s_region_idx", "ivoa.obscore", "CREATE INDEX ..."},
              {"obscore_t_min_idx", "ivoa.obscore", "CREATE INDEX ..."}};
  db.stashed_but_built = {"obscore_t_min_idx"};
  db.index_findings = {{IndexFinding::Kind::kMissing, "obscore_pkey", "CREATE UNIQUE ...", ""}};
  const VerifyReport r = Verified(db);
  EXPECT_EQ(r.problems, (std::vector<std::string>{
                            "index obscore_s_region_idx is set aside (run grow to rebuild it)",
                            "index obscore_t_min_idx is recorded as set aside in "
                            "skyseed.index_stash but is built as declared (run grow to clear the "
                            "record)",
                            "index obscore_pkey is missing (declared: CREATE UNIQUE ...) (run grow "
                            "to rebuild it)"}));
}

TEST(VerifyCorpus, AMissingViewAndFootprintsNotTheirLiteralsAreNamed) {
  FakeVerifyDatabase db = Grown();
  StandardNameState view;
  view.table = &ObsCore();
  view.name = "ivoa.obscore";
  view.table_name = "skyseed_corpus.obscore";
  view.recorded = true;  // skyseed presents it, and it is gone
  db.names = {view};
  db.footprint_mismatches["ivoa.obscore"] = 3;
  const VerifyReport r = Verified(db);
  ASSERT_EQ(r.problems.size(), 2u);
  EXPECT_NE(r.problems[0].find("view ivoa.obscore of skyseed_corpus.obscore that skyseed created "
                               "is missing"),
            std::string::npos);
  EXPECT_EQ(r.problems[1],
            "ivoa.obscore: 3 rows hold a s_region that is not the polygon of "
            "s_region_literal");
  EXPECT_EQ(r.names.size(), 1u);
}

TEST(VerifyCorpus, GrantsOthersMadeAreWarningsNotDamage) {
  FakeVerifyDatabase db = Grown();
  db.grants = {"gavoadmin granted untrusted SELECT on skyseed_corpus.obscore"};
  const VerifyReport r = Verified(db);
  EXPECT_TRUE(r.ok());
  EXPECT_NE(FormatVerifyReport(r).find("\nWARNING a grant skyseed did not make (revoke it to "
                                       "unpublish): gavoadmin granted untrusted SELECT on "
                                       "skyseed_corpus.obscore"),
            std::string::npos);
}

TEST(VerifyCorpus, ARunningGrowOrNoCorpusIsRefusedBeforeReading) {
  FakeVerifyDatabase db = Grown();
  db.grow_running = true;
  Result<VerifyReport> r = VerifyCorpus(db, 1);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("grow"), std::string::npos);
  EXPECT_EQ(db.scans, 0);

  FakeVerifyDatabase other = Grown();
  other.identity.generator_version = "skyseed-gen-0";
  EXPECT_EQ(VerifyCorpus(other, 1).status().code(), Status::Code::kInvalidArgument);
  other.identity_status = Status::InvalidArgument("no corpus");
  EXPECT_EQ(VerifyCorpus(other, 1).status().code(), Status::Code::kInvalidArgument);
  EXPECT_EQ(other.scans, 0);
}

}  // namespace
}  // namespace skyseed
