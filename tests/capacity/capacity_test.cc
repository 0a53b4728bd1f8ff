#include "capacity/capacity.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace skyseed {
namespace {

SweepWindow Window(int clients, int rep, double tps, double p95, double errors = 0) {
  SweepWindow w;
  w.tier = "ci";
  w.clients = clients;
  w.rep = rep;
  w.tps = tps;
  w.latency_ms.p95 = p95;
  w.error_rate = errors;
  return w;
}

TierSweep Tier(std::vector<SweepWindow> windows) {
  TierSweep t;
  t.tier = "ci";
  t.windows = std::move(windows);
  return t;
}

// The peak is a step's mean over its valid windows: a flagged window that
// ran fastest does not make its step the peak.
TEST(Capacity, PeakIsTheBestStepsMeanOverValidWindows) {
  TierSweep t = Tier({Window(1, 1, 900, 8), Window(1, 2, 1100, 12), Window(2, 1, 1800, 40),
                      Window(2, 2, 9000, 50), Window(4, 1, 1500, 90)});
  TierPeak p = PeakOf(t);
  EXPECT_DOUBLE_EQ(p.rate, (1800 + 9000) / 2.0);
  EXPECT_EQ(p.clients, 2);
  EXPECT_DOUBLE_EQ(p.p95_ms, 45);
  t.windows[3].flags = {{Guard::kNoSwapping, "swap grew in the window"}};
  p = PeakOf(t);
  EXPECT_DOUBLE_EQ(p.rate, 1800);
  EXPECT_DOUBLE_EQ(p.p95_ms, 40);
  for (SweepWindow& w : t.windows) w.flags = {{Guard::kNoSwapping, "swap grew in the window"}};
  p = PeakOf(t);
  EXPECT_EQ(p.rate, 0);
  EXPECT_EQ(p.clients, 0);
}

TEST(Capacity, PeakAndTheHighestStepWithinTheObjective) {
  // Means: 1 client 1000 tps p95 10 ms; 2 clients 1900 tps p95 40 ms;
  // 4 clients 2100 tps p95 3000 ms, over a 2 s objective.
  const TierSweep t = Tier({Window(1, 1, 900, 8), Window(1, 2, 1100, 12), Window(2, 1, 1900, 40),
                            Window(4, 1, 2000, 2800), Window(4, 2, 2200, 3200)});
  const TierCapacity c = CapacityOf(t, Slo{2000, 0.01});
  EXPECT_DOUBLE_EQ(c.peak_tps, 2100);
  EXPECT_EQ(c.peak_clients, 4);
  EXPECT_DOUBLE_EQ(c.sustainable_tps, 1900);
  EXPECT_EQ(c.sustainable_clients, 2);
  EXPECT_DOUBLE_EQ(c.p95_ms_at_sustainable, 40);
  // A looser objective takes the peak; a tighter one only the first step.
  EXPECT_DOUBLE_EQ(CapacityOf(t, Slo{5000, 0.01}).sustainable_tps, 2100);
  EXPECT_DOUBLE_EQ(CapacityOf(t, Slo{20, 0.01}).sustainable_tps, 1000);
  EXPECT_DOUBLE_EQ(CapacityOf(t, Slo{5, 0.01}).sustainable_tps, 0);
}

TEST(Capacity, ErrorsAndFlaggedWindowsCount) {
  SweepWindow wild = Window(4, 2, 99999, 1);
  wild.flags.push_back({Guard::kNoSwapping, "swap grew in the window"});
  const TierSweep t =
      Tier({Window(1, 1, 1000, 10), Window(2, 1, 1900, 40, 0.02), Window(4, 1, 2000, 50), wild});
  const TierCapacity c = CapacityOf(t, Slo{2000, 0.01});
  EXPECT_DOUBLE_EQ(c.peak_tps, 2000) << "the flagged window is left out";
  EXPECT_DOUBLE_EQ(c.sustainable_tps, 2000);
  EXPECT_DOUBLE_EQ(
      CapacityOf(Tier({Window(1, 1, 1000, 10), Window(2, 1, 1900, 40, 0.02)}), Slo{2000, 0.01})
          .sustainable_tps,
      1000)
      << "2 % errors break a 1 % objective";
}

TEST(Capacity, GuardsNameTheWindowsThatFailedThem) {
  SweepRecord r;
  SweepWindow swapped = Window(2, 1, 1, 1);
  swapped.flags = {{Guard::kNoSwapping, "swap grew in the window"},
                   {Guard::kHostUncontended, "host-contended: other processes held 0.9 cores"}};
  SweepWindow odd = Window(4, 1, 1, 1);
  odd.flags = {{Guard::kUnknown, "something no guard writes"}};
  TierSweep t = Tier({Window(1, 1, 1, 1), swapped, odd});
  t.missing_evidence = {"track_io_timing is off: no read times"};
  r.tiers = {t};
  const std::vector<GuardResult> g = SummariseGuards(r);
  auto find = [&](const std::string& name) -> const GuardResult* {
    for (const GuardResult& x : g) {
      if (x.guard == name) return &x;
    }
    return nullptr;
  };
  ASSERT_NE(find("no swapping"), nullptr);
  EXPECT_EQ(find("no swapping")->windows, std::vector<std::string>{"ci 2 clients rep 1"});
  EXPECT_EQ(find("no other process holding the CPUs")->windows.size(), 1u);
  EXPECT_TRUE(find("disk headroom kept")->passed());
  EXPECT_TRUE(find("load generator below its ceiling")->passed());
  EXPECT_EQ(find("monitoring coverage complete")->windows,
            std::vector<std::string>{"ci: track_io_timing is off: no read times"});
  ASSERT_NE(find("every flag of a known guard"), nullptr);
  EXPECT_EQ(find("every flag of a known guard")->windows.at(0),
            "ci 4 clients rep 1: something no guard writes");

  r.tiers[0].finding.saturated = true;
  r.tiers[0].finding.limit = LimitKind::kDatabaseCpu;
  EXPECT_EQ(CapacityLine(r, Slo{}, g),
            "capacity tiers=ci peak_tps=1.0 sustainable_tps=1.0 slo_p95_ms=2000 guards=failed:4 "
            "limit_ci=database-cpu");
  r.tiers[0].windows = {Window(1, 1, 1, 1)};
  r.tiers[0].missing_evidence.clear();
  EXPECT_EQ(CapacityLine(r, Slo{}, SummariseGuards(r)),
            "capacity tiers=ci peak_tps=1.0 sustainable_tps=1.0 slo_p95_ms=2000 guards=passed "
            "limit_ci=database-cpu");
}

TEST(Capacity, ColdWindowsFailTheWarmCacheGuard) {
  SweepWindow unsettled = Window(1, 1, 1, 1);
  unsettled.flags = {{Guard::kWarmCache, "cold: warm-up did not settle in 120 s"}};
  SweepWindow colder = Window(2, 1, 1, 1);
  colder.flags = {{Guard::kWarmCache, "cold cache: hit 0.9983 vs 0.9999 in the other repetitions"}};
  SweepRecord r;
  r.tiers = {Tier({unsettled, colder, Window(2, 2, 1, 1)})};
  const std::vector<GuardResult> g = SummariseGuards(r);
  const auto warm = std::find_if(g.begin(), g.end(),
                                 [](const GuardResult& x) { return x.guard == "warm cache"; });
  ASSERT_NE(warm, g.end());
  EXPECT_EQ(warm->windows, (std::vector<std::string>{"ci 1 clients rep 1", "ci 2 clients rep 1"}));
  for (const GuardResult& x : g) {
    EXPECT_NE(x.guard, "every flag of a known guard") << "both flags belong to the guard";
  }
}

SweepWindow TierWindow(const std::string& tier, int clients, int rep, double tps, double hit) {
  SweepWindow w = Window(clients, rep, tps, 10);
  w.tier = tier;
  w.hit_ratio = hit;
  return w;
}

TEST(Capacity, ScalingLineAcrossTheTiersBothSweepsMeasured) {
  SweepRecord db;
  db.key.mix = "default";
  db.key.duration_s = 20;
  db.key.seed = 1;
  db.key.lookups = 1000;
  db.key.cones = 100;
  TierSweep d1 = Tier({TierWindow("D1", 1, 1, 500, 0.9999), TierWindow("D1", 2, 1, 812.4, 0.9997)});
  d1.tier = "D1";
  d1.database_size = int64_t{3} << 29;  // 1.50 GiB
  TierSweep d2 = Tier({TierWindow("D2", 1, 1, 400, 0.94), TierWindow("D2", 2, 1, 600, 0.96),
                       TierWindow("D2", 2, 2, 5000, 0.5)});
  d2.tier = "D2";
  d2.database_size = (int64_t{10} << 30) + (int64_t{1} << 29);              // 10.50 GiB
  d2.windows[2].flags = {{Guard::kNoSwapping, "swap grew in the window"}};  // out of every mean
  TierSweep d3 = d2;  // the TAP sweep has no D3
  d3.tier = "D3";
  db.tiers = {d1, d2, d3};

  SweepRecord tap;
  tap.key = db.key;
  tap.key.kind = SweepKind::kTap;
  tap.key.service = "skyseed-dachs";
  TierSweep t2 = Tier({TierWindow("D2", 1, 1, 30, 1), TierWindow("D2", 2, 1, 35.24, 1)});
  t2.tier = "D2";
  t2.finding.saturated = true;
  t2.finding.limit = LimitKind::kTapCpu;
  TierSweep t1 = Tier({TierWindow("D1", 1, 1, 20, 1), TierWindow("D1", 1, 2, 22, 1),
                       TierWindow("D1", 2, 1, 40.5, 1)});
  t1.tier = "D1";
  t1.windows[1].flags = {
      {Guard::kHostUncontended, "host-contended: other processes held 1.2 cores"}};
  tap.tiers = {t2, t1};  // reported in the database sweep's order

  // Hit ratios: D1 (0.9999 + 0.9997) / 2; D2 (0.94 + 0.96) / 2, the swapped
  // window left out. Peaks: the TAP sweep's best step, the database sweep's.
  // Guards: the database sweep failed "no swapping", the TAP sweep "no other
  // process holding the CPUs": two distinct guards.
  // reps: the fewest valid windows at a step: one (D2's second window at 2
  // clients is flagged, and so is the TAP sweep's second at D1's 1 client).
  EXPECT_EQ(
      ScalingLine(db, tap, Slo{}, "skyseed-gen-4"),
      "scaling tiers=D1,D2 db_gib=1.50,10.50 hit_ratio=0.9998,0.9500 peak_rps_tap=40.5,35.2 "
      "peak_tps_db=812,600 limit=none,tap-cpu guards=failed:2 generator=skyseed-gen-4 reps=1");
  // Every window repeated once more, flags and all: two valid at every step.
  SweepRecord db2 = db, tap2 = tap;
  for (SweepRecord* r : {&db2, &tap2}) {
    for (TierSweep& t : r->tiers) {
      const size_t n = t.windows.size();
      for (size_t i = 0; i < n; ++i) {
        SweepWindow again = t.windows[i];
        again.rep += 2;
        t.windows.push_back(again);
      }
    }
  }
  const std::string line = ScalingLine(db2, tap2, Slo{}, "skyseed-gen-4");
  EXPECT_EQ(line.substr(line.rfind(' ')), " reps=2") << line;

  // Paired by the draws; of two with the same draws, the one whose windows
  // were as long as the TAP sweep's.
  SweepRecord longer = db;
  longer.key.duration_s = 60;
  std::vector<SweepRecord> sweeps = {tap, db, longer};
  EXPECT_EQ(PairedDatabaseSweep(sweeps, sweeps[0]), &sweeps[1]);
  sweeps[0].key.duration_s = 200;  // --tap-window: the TAP sweep's windows apart
  EXPECT_EQ(PairedDatabaseSweep(sweeps, sweeps[0]), &sweeps[1]);
  sweeps[0].key.duration_s = 60;
  EXPECT_EQ(PairedDatabaseSweep(sweeps, sweeps[0]), &sweeps[2]);
  sweeps[1].key.seed = sweeps[2].key.seed = 2;
  EXPECT_EQ(PairedDatabaseSweep(sweeps, sweeps[0]), nullptr) << "other draws";
}

}  // namespace
}  // namespace skyseed
