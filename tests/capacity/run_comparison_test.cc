// The scaling run beside an earlier one (capacity/run_comparison.h) on
// records built by hand: the cone's cost per call and its p50 worked out
// here from the windows' numbers, over the valid one-client windows only.
#include "capacity/run_comparison.h"

#include <gtest/gtest.h>

namespace skyseed {
namespace {

StatementTimes RunStatement(const std::string& query, double calls, double rows, double hit,
                            double read) {
  return StatementTimes{query, calls, calls, rows, hit, read};
}

const std::string kCone =
    "SELECT source_id FROM skyseed_corpus.gaia_source WHERE pos <@ scircle(spoint($1,$2),$3)";

SweepWindow RunWindow(int clients, int rep, double tps, double hit_ratio) {
  SweepWindow w;
  w.clients = clients;
  w.rep = rep;
  w.seconds = 60;
  w.tps = tps;
  w.committed = static_cast<uint64_t>(tps * 60);
  w.hit_ratio = hit_ratio;
  w.latency_ms.p50 = w.latency_ms.p95 = w.latency_ms.p99 = 1;
  return w;
}

void AddCone(SweepWindow* w, double calls, double rows, double hit, double read, double p50) {
  w->statements.by_total.push_back(RunStatement(kCone, calls, rows, hit, read));
  ClassLatency cone{"cone_source", {}};
  cone.latency_ms.p50 = p50;
  w->classes.push_back(cone);
}

TierSweep RunTier(const std::string& tier, double gib) {
  TierSweep t;
  t.tier = tier;
  t.database_size = static_cast<int64_t>(gib * (1 << 30));
  return t;
}

SweepRecord RunSweep(SweepKind kind, const std::string& service, std::vector<TierSweep> tiers) {
  SweepRecord r;
  r.key.kind = kind;
  r.key.service = service;
  r.key.seed = 1;
  r.tiers = std::move(tiers);
  return r;
}

// D1: two valid one-client windows with the cone, a flagged one and a
// two-client one that must not count; D2 a cone of a million rows.
std::vector<SweepRecord> RunRecords() {
  TierSweep d1 = RunTier("D1", 3);
  SweepWindow a = RunWindow(1, 0, 100, 0.99);
  AddCone(&a, 10, 1000, 150, 50, 2.0);
  a.statements.by_total.push_back(RunStatement(
      "SELECT * FROM skyseed_corpus.obscore WHERE s_region <@ scircle($1)", 5, 9e6, 9e6, 9e6));
  a.statements.by_total.push_back(
      RunStatement("SELECT * FROM gaia_source WHERE source_id = $1", 1000, 1000, 4000, 0));
  SweepWindow b = RunWindow(1, 1, 110, 0.97);
  AddCone(&b, 30, 2600, 310, 0, 3.0);
  SweepWindow flagged = RunWindow(1, 2, 5, 0.10);
  AddCone(&flagged, 1, 9e6, 9e6, 9e6, 900);
  flagged.flags.push_back(GuardFlag{Guard::kHostUncontended, "host-contended"});
  SweepWindow two = RunWindow(2, 0, 150, 0.98);
  AddCone(&two, 1, 9e6, 9e6, 9e6, 900);
  d1.windows = {a, b, flagged, two};
  TierSweep d2 = RunTier("D2", 11.5);
  SweepWindow c = RunWindow(1, 0, 40, 1.0);
  AddCone(&c, 1, 1234567, 2000, 1500, 12.345);
  d2.windows = {c};
  d2.finding.saturated = true;
  d2.finding.limit = LimitKind::kDatabaseIo;
  TierSweep tap1 = RunTier("D1", 3), tap2 = RunTier("D2", 11.5);
  tap1.windows = {RunWindow(1, 0, 12.25, 1)};
  tap2.windows = {RunWindow(1, 0, 9.5, 1)};
  tap2.finding.saturated = true;
  tap2.finding.limit = LimitKind::kTapCpu;
  TierSweep limited = RunTier("D2", 11.5);
  limited.windows = {RunWindow(1, 0, 3, 1)};
  return {RunSweep(SweepKind::kTap, "skyseed-dachs+cpus=0.5", {limited}),
          RunSweep(SweepKind::kDatabase, "", {d1, d2}),
          RunSweep(SweepKind::kTap, "skyseed-dachs", {tap1, tap2})};
}

TEST(RunComparison, TheRunIsTheTapSweepOverTheMostTiers) {
  const std::vector<SweepRecord> records = RunRecords();
  const auto run = ScalingRunOf(records);
  ASSERT_TRUE(run.has_value());
  EXPECT_EQ(run->first, &records[1]);
  EXPECT_EQ(run->second, &records[2]);
  EXPECT_FALSE(ScalingRunOf({records[1]}).has_value());
}

TEST(RunComparison, ConeCostOverTheValidOneClientWindows) {
  const std::vector<SweepRecord> records = RunRecords();
  const std::vector<RunTierFigures> f = RunFigures(records[1], records[2], Slo{});
  ASSERT_EQ(f.size(), 2u);
  // D1: 3600 rows, 510 blocks, 50 read over 40 calls; p50 (2 + 3) / 2.
  EXPECT_EQ(f[0].tier, "D1");
  EXPECT_EQ(f[0].db_gib, "3.00");
  EXPECT_EQ(f[0].rows_per_cone, "90");
  EXPECT_EQ(f[0].blocks_per_cone, "13");
  EXPECT_EQ(f[0].read_per_cone, "1");
  EXPECT_EQ(f[0].cone_p50_ms, "2.50");
  EXPECT_EQ(f[0].hit_ratio, "0.9800");  // (0.99 + 0.97 + 0.98) / 3, the flagged 0.10 left out
  EXPECT_EQ(f[0].peak_tps_db, "150");
  EXPECT_EQ(f[0].peak_rps_tap, "12.2");
  EXPECT_EQ(f[0].limit_db, "none");
  EXPECT_EQ(f[1].rows_per_cone, "1,234,567");
  EXPECT_EQ(f[1].blocks_per_cone, "3,500");
  EXPECT_EQ(f[1].read_per_cone, "1,500");
  EXPECT_EQ(f[1].cone_p50_ms, "12.35");
  EXPECT_EQ(f[1].limit_db, "database-io");
  EXPECT_EQ(f[1].limit_tap, "tap-cpu");
}

TEST(RunComparison, NoConeMeasuredIsADash) {
  std::vector<SweepRecord> records = RunRecords();
  records[1].tiers[0].windows.resize(1);
  records[1].tiers[0].windows[0].statements = {};
  records[1].tiers[0].windows[0].classes.clear();
  const std::vector<RunTierFigures> f = RunFigures(records[1], records[2], Slo{});
  EXPECT_EQ(f[0].rows_per_cone, "–");
  EXPECT_EQ(f[0].cone_p50_ms, "–");
}

const char* kEarlier =
    "tier,db_gib,rows_per_cone,blocks_per_cone,read_per_cone,cone_p50_ms,hit_ratio,peak_tps_db,"
    "peak_rps_tap,limit_db,limit_tap\n"
    "D1,2.67,115,180,0,0.30,1.0000,8340,8.5,database-cpu,database-cpu\n"
    "D3,28.19,361,554,8,5.50,0.9780,454,1.6,database-cpu,database-io\n";

TEST(RunComparison, TheTableSetsTheEarlierRowAboveThisOne) {
  const std::vector<SweepRecord> records = RunRecords();
  const Result<std::vector<RunTierFigures>> earlier = ParseEarlierRun(kEarlier, "e.csv");
  ASSERT_TRUE(earlier.ok()) << earlier.status().message();
  ASSERT_EQ(earlier->size(), 2u);
  EXPECT_EQ((*earlier)[1].limit_tap, "database-io");
  const std::string table =
      RunComparisonTable(*earlier, RunFigures(records[1], records[2], Slo{}), "first", "this");
  EXPECT_NE(table.find("| D1 | first | 2.67 | 115 | 180 | 0 | 0.30 | 1.0000 | 8340 | 8.5 | "
                       "database-cpu | database-cpu |\n| D1 | this | 3.00 | 90 | 13 | 1 | 2.50 |"),
            std::string::npos)
      << table;
  EXPECT_EQ(table.find("| D3 |"), std::string::npos) << "a tier this run did not measure";
  EXPECT_NE(table.find("| D2 | this |"), std::string::npos);
}

TEST(RunComparison, AnEarlierRunThatIsNotATiersCsvIsRefused) {
  for (const std::string& bad :
       {std::string("tier,db_gib\nD1,2\n"), std::string("# a README\n"),
        std::string(kEarlier) + "D4,1,2\n", std::string(kEarlier).substr(0, 120) + "\n"}) {
    const Result<std::vector<RunTierFigures>> r = ParseEarlierRun(bad, "bad.csv");
    EXPECT_EQ(r.status().code(), Status::Code::kInvalidArgument) << bad;
    EXPECT_EQ(r.status().message().find('\n'), std::string::npos);
    EXPECT_EQ(r.status().message().rfind("bad.csv", 0), 0u) << r.status().message();
  }
}

}  // namespace
}  // namespace skyseed
