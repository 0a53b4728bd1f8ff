#include "report/sweep_tables.h"

#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "capacity/saturation.h"
#include "generator/corpus_tables.h"
#include "generator/obscore_row.h"
#include "report/format.h"
#include "report/sweep_report.h"
#include "sweep/sweep_environment.h"
#include "sweep_record/sweep_record.h"
#include "tests/report/test_windows.h"

namespace skyseed {
namespace {

SweepWindow SweepTablesWindow(int clients, int rep, double tps, double p95, bool flagged = false) {
  SweepWindow w = TestWindow(clients, rep, tps, p95, flagged);
  w.hit_ratio = 0.999;
  w.cores = 4;
  w.busy_cores = 1;
  w.client_cores = 0.2;
  w.database_cores = 0.5;
  return w;
}

// Mean and 95 % half-width as a textbook computes them, independently of
// StudentInterval95: t(0.975) from a table.
struct ByHand {
  double mean, half_width;
};
ByHand SweepTablesInterval(const std::vector<double>& v) {
  const double t975[] = {0, 12.706, 4.303};
  double sum = 0;
  for (double x : v) sum += x;
  const double mean = sum / v.size();
  double ss = 0;
  for (double x : v) ss += (x - mean) * (x - mean);
  const double sd = std::sqrt(ss / (v.size() - 1));
  return {mean, t975[v.size() - 1] * sd / std::sqrt(static_cast<double>(v.size()))};
}

TierSweep SweepTablesTier() {
  TierSweep t;
  t.tier = "ci";
  t.corpus_digest = "00ff";
  t.database_size = 40 << 20;
  // 1 client: three valid windows; 2 clients: two valid and one flagged
  // whose figures would dominate any mean it entered.
  t.windows = {SweepTablesWindow(1, 1, 100, 2),   SweepTablesWindow(1, 2, 110, 2.2),
               SweepTablesWindow(1, 3, 120, 2.6), SweepTablesWindow(2, 1, 180, 3),
               SweepTablesWindow(2, 2, 200, 3.4), SweepTablesWindow(2, 3, 99999, 90, true)};
  return t;
}

TEST(SweepTables, RowsCountValidWindowsAndShowTheirInterval) {
  const std::vector<StepRow> rows = StepRows(Classified(SweepTablesTier()));
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].valid, 3);
  EXPECT_EQ(rows[0].windows, 3);
  EXPECT_EQ(rows[1].valid, 2);  // the flagged window is not counted
  EXPECT_EQ(rows[1].windows, 3);
  const ByHand one = SweepTablesInterval({100, 110, 120});  // df = 2
  const ByHand two = SweepTablesInterval({180, 200});       // df = 1
  EXPECT_NEAR(rows[0].throughput.mean, one.mean, 1e-9);
  EXPECT_NEAR(rows[0].throughput.half_width, one.half_width, 0.01);
  EXPECT_NEAR(rows[1].throughput.half_width, two.half_width, 0.01);
  const ByHand p95 = SweepTablesInterval({3, 3.4});
  EXPECT_NEAR(rows[1].p95.mean, p95.mean, 1e-9);
  EXPECT_NEAR(rows[1].p95.half_width, p95.half_width, 0.01);

  SweepRecord r{
      MixKey("lookup_source=100"), nlohmann::json::object(), {Classified(SweepTablesTier())}};
  const std::string html = SweepTablesHtml(r);
  const std::string md = SweepTablesMarkdown(r);
  const std::string tps2 = FormatCount(two.mean) + " \u00b1 " + FormatCount(two.half_width);
  // Milliseconds without the unit (the column header says "p95 (ms)").
  auto figure = [](double v) {
    const std::string ms = Ms(v);
    return ms.substr(0, ms.size() - 3);
  };
  const std::string p95_2 = figure(p95.mean) + " \u00b1 " + figure(p95.half_width);
  EXPECT_NE(md.find("| 2 | 2 of 3 | " + tps2 + " |"), std::string::npos) << md;
  EXPECT_NE(md.find(p95_2), std::string::npos) << md;
  EXPECT_NE(html.find("<td>2 of 3</td><td>" + tps2 + "</td>"), std::string::npos) << html;
  EXPECT_NE(html.find("Throughput (tps)"), std::string::npos);
  EXPECT_EQ(md.find("99999"), std::string::npos);
  EXPECT_EQ(md.find("100k"), std::string::npos);
}

TEST(SweepTables, EachRowNamesItsBottleneckAndWhy) {
  TierSweep t = SweepTablesTier();
  // 4 clients: throughput flat, p95 doubled, PostgreSQL using the cores the
  // load generator left it.
  for (int rep = 1; rep <= 2; ++rep) {
    SweepWindow w = SweepTablesWindow(4, rep, 205, 8);
    w.busy_cores = 3.9;
    w.database_cores = 3.6;
    t.windows.push_back(w);
  }
  const std::vector<StepRow> rows = StepRows(Classified(t));
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].limit, LimitKind::kNone);  // scaling, nothing busy
  EXPECT_EQ(rows[2].limit, LimitKind::kDatabaseCpu);
  std::string why;
  StepEvidence first = StepFromWindows({t.windows[0], t.windows[1], t.windows[2]});
  StepEvidence at = StepFromWindows({t.windows[6], t.windows[7]});
  EXPECT_EQ(ClassifyLimit(first, at, SaturationRule{}, &why), LimitKind::kDatabaseCpu);
  EXPECT_EQ(rows[2].why, why);
  SweepRecord r{MixKey("lookup_source=100"), nlohmann::json::object(), {Classified(t)}};
  const std::string html = SweepTablesHtml(r);
  EXPECT_NE(html.find("title=\"" + EscapeMarkup(why) + "\">database-cpu</td>"), std::string::npos)
      << html;
}

// A record with known limits per row: the counts over every tier.
TEST(SweepTables, WhereTheLimitWasCountsEveryRow) {
  auto tap_tier = [](const std::string& name, int busy_rows, int io_rows) {
    TierSweep t;
    t.tier = name;
    int clients = 1;
    for (int i = 0; i < busy_rows + io_rows; ++i, clients *= 2) {
      SweepWindow w = SweepTablesWindow(clients, 1, 100.0 + i, 2);
      w.tier = name;
      if (i < busy_rows) {
        w.service_cores = 0.95;  // of a one-core ceiling
        w.service_ceiling = 1;
      } else {
        w.hit_ratio = 0.5;  // reads missing shared buffers, rising
        w.reads_per_s = 1000.0 * (i + 1);
      }
      t.windows.push_back(w);
    }
    return t;
  };
  SweepRecord r{TapKey("x=100"),
                nlohmann::json::object(),
                {Classified(tap_tier("ci", 3, 0)), Classified(tap_tier("S", 2, 2))}};
  const std::map<LimitKind, int> counts = LimitCounts(r);
  EXPECT_EQ(counts.at(LimitKind::kTapCpu), 5);
  EXPECT_EQ(counts.at(LimitKind::kDatabaseIo), 2);
  EXPECT_EQ(counts.size(), 2u);
  const std::string md = SweepTablesMarkdown(r);
  EXPECT_NE(md.find("| tap-cpu | 5 | ci at 1, ci at 2, ci at 4, S at 1, S at 2 | " +
                    std::string(ReliefOf(LimitKind::kTapCpu)) + " |"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("| database-io | 2 |"), std::string::npos) << md;
  EXPECT_NE(md.find("Throughput (req/s)"), std::string::npos) << md;  // a TAP sweep's unit
}

TEST(SweepTables, EnvironmentToleratesAnEmptySetup) {
  SweepRecord r{MixKey("lookup_source=100"), nlohmann::json(), {Classified(SweepTablesTier())}};
  const std::string md = SweepTablesMarkdown(r);
  EXPECT_NE(md.find("| PostgreSQL | - |"), std::string::npos) << md;
  EXPECT_NE(md.find("| Corpus digest, tier ci | 00ff |"), std::string::npos) << md;
  EXPECT_EQ(md.find("Server settings"), std::string::npos);
  EXPECT_NE(SweepTablesHtml(r).find("No server settings recorded"), std::string::npos);

  r.setup = {{"server_version", "15.8"},
             {"extensions", {{"pg_sphere", "1.5.1"}}},
             {"host", {{"hostname", "db1"}, {"cores", 8}, {"memory_gib", 31.2}}},
             {"pgbench", "pgbench (PostgreSQL) 15.8"},
             {"server_settings", {{"shared_buffers", "128MB"}}}};
  const std::string set = SweepTablesMarkdown(r);
  EXPECT_NE(set.find("| Host | db1 |"), std::string::npos) << set;
  EXPECT_NE(set.find("| Memory | 31.2 GiB |"), std::string::npos) << set;
  EXPECT_NE(set.find("| Extensions | pg_sphere 1.5.1, pg_stat_statements not installed |"),
            std::string::npos)
      << set;
  EXPECT_NE(set.find("| shared_buffers | 128MB |"), std::string::npos) << set;
}

TEST(SweepTables, WhatWasMeasuredShowsDashesForAnOldRecord) {
  SweepRecord r{
      MixKey("lookup_source=100"), nlohmann::json::object(), {Classified(SweepTablesTier())}};
  EXPECT_NE(SweepTablesMarkdown(r).find("| ci | 40.0 MiB | - | - | - | - |"), std::string::npos)
      << SweepTablesMarkdown(r);
  r.tiers[0].measured = {1000, 3000, 10 << 20, 5 << 20, 12.5};
  EXPECT_NE(SweepTablesMarkdown(r).find(
                "| ci | 40.0 MiB | 1,000 | 3,000 | 0.50 (5.0 MiB / 10.0 MiB) | 12.5 s |"),
            std::string::npos)
      << SweepTablesMarkdown(r);
  // And in the whole section, page and summary.
  const SweepSection s = RenderSweepSection({r});
  EXPECT_NE(s.html.find("What was measured"), std::string::npos);
  EXPECT_NE(s.markdown.find("**Where the limit was**"), std::string::npos);
}

// The tier's record decides what a sweep says it measured: its ledger's
// rows, its tables' sizes summed, its grow time.
TEST(SweepTables, MeasuredComesFromTheTierRecord) {
  TierRecord reached;
  reached.seconds = 7.5;
  const std::string obscore = CorpusTableWithId(kObsCoreTableId).standard_name();
  TierTableRecord a, b;
  a.table = obscore;
  a.digest.rows = 10000;
  a.table_size = 3000;
  a.indexes_size = 1000;
  b.table = "gaia.gaia_source";
  b.digest.rows = 100000;
  b.table_size = 7000;
  b.indexes_size = 4000;
  reached.tables = {a, b};
  const TierMeasured m = MeasuredOf(reached);
  EXPECT_EQ(m.obscore_rows, 10000);
  EXPECT_EQ(m.total_rows, 110000);
  EXPECT_EQ(m.table_bytes, 10000);
  EXPECT_EQ(m.index_bytes, 5000);
  EXPECT_DOUBLE_EQ(m.grow_seconds, 7.5);
}

// Every window flagged: nothing is classified, and the section says why
// rather than showing an empty table.
TEST(SweepTables, NoValidWindowClassifiesNothing) {
  TierSweep t = SweepTablesTier();
  for (SweepWindow& w : t.windows) w.flags = {{Guard::kHostUncontended, "host-contended"}};
  SweepRecord r{MixKey("lookup_source=100"), nlohmann::json::object(), {Classified(t)}};
  EXPECT_TRUE(LimitCounts(r).empty());
  const std::string md = SweepTablesMarkdown(r);
  EXPECT_NE(md.find("| 1 | 0 of 3 | - |"), std::string::npos) << md;
  EXPECT_NE(md.find("No client count had a valid window"), std::string::npos) << md;
  EXPECT_EQ(md.find("| Limit | Client counts |"), std::string::npos) << md;
}

TEST(SweepRecordJson, MeasuredRoundTripsAndOldRecordsRead) {
  TierSweep t = SweepTablesTier();
  t.measured = {1234, 5678, 9 << 20, 3 << 20, 42.5};
  SweepRecord r{MixKey("k=100"), nlohmann::json::object(), {t}};
  Result<SweepRecord> back = SweepFromJson(SweepToJson(r));
  ASSERT_TRUE(back.ok()) << back.status().message();
  const TierMeasured& m = back->tiers[0].measured;
  EXPECT_EQ(m.obscore_rows, 1234);
  EXPECT_EQ(m.total_rows, 5678);
  EXPECT_EQ(m.table_bytes, 9 << 20);
  EXPECT_EQ(m.index_bytes, 3 << 20);
  EXPECT_DOUBLE_EQ(m.grow_seconds, 42.5);

  nlohmann::json old = SweepToJson(r);
  old["tiers"][0].erase("measured");
  Result<SweepRecord> read = SweepFromJson(old);
  ASSERT_TRUE(read.ok()) << read.status().message();
  EXPECT_EQ(read->tiers[0].measured.total_rows, -1);
  EXPECT_EQ(read->tiers[0].measured.grow_seconds, -1);
}

// The report shows the verdicts the sweep recorded and derives none: a
// sweep recorded before each step's limit was kept shows none, and a
// record's verdicts survive sweep.json.
TEST(SweepTables, BottlenecksAreTheRecordedVerdicts) {
  const TierSweep old = SweepTablesTier();  // no finding.steps
  for (const StepRow& row : StepRows(old)) {
    EXPECT_FALSE(row.classified);
    EXPECT_NE(row.why.find("not classified when recorded"), std::string::npos) << row.why;
  }
  TierSweep t = Classified(SweepTablesTier());
  t.finding.steps[1].limit = LimitKind::kSerialisation;  // not what the figures say
  t.finding.steps[1].why = "as recorded";
  SweepRecord r{MixKey("lookup_source=100"), nlohmann::json::object(), {t}};
  Result<SweepRecord> back = SweepFromJson(SweepToJson(r));
  ASSERT_TRUE(back.ok()) << back.status().message();
  const std::vector<StepRow> rows = StepRows(back->tiers[0]);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_TRUE(rows[1].classified);
  EXPECT_EQ(rows[1].limit, LimitKind::kSerialisation);
  EXPECT_EQ(rows[1].why, "as recorded");
  EXPECT_EQ(rows[0].limit, t.finding.steps[0].limit);
}

}  // namespace
}  // namespace skyseed
