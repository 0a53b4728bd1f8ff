// What one tier's sweep loop (sweep/tier_measure.h) does with the windows a
// bench returns, on a fake bench with scripted windows: a saturated step
// ends the client list, a flagged (contended) window is shown but left out
// of the means and measured again only under --remeasure-flagged, a warm-up
// that never settles flags the first window cold, a repetition colder than
// its twin is flagged and its record updated, and recorded windows are not
// measured again on resume. Every expectation is the script's own: the
// figures are chosen far on one side of the saturation rule (+10 %
// throughput while p95 rises 25 %) and of the warm-up rule.
#include "sweep/tier_measure.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "tests/sweep/fake_sweep_bench.h"

namespace skyseed {
namespace {

struct Figures {
  double tps, p95;
};

// Scales to 2 clients (+90 %), then stops: +2 % at 4 while p95 triples.
Figures Scaling(int clients) {
  switch (clients) {
    case 1:
      return {1000, 10};
    case 2:
      return {1900, 11};
    case 4:
      return {1940, 33};
    default:
      return {1950, 99};
  }
}

SweepWindow TierMeasureWindow(int clients, int rep, Figures f) {
  SweepWindow w;
  w.tier = "ci";
  w.clients = clients;
  w.rep = rep;
  w.seconds = 10;
  w.tps = f.tps;
  w.latency_ms.p95 = f.p95;
  w.hit_ratio = 0.9999;
  w.reads_per_s = 1;
  return w;
}

SweepWindow Scripted(int clients, int rep) {
  return TierMeasureWindow(clients, rep, Scaling(clients));
}

SweepOptions TierMeasureOptions(std::vector<int> clients, int reps) {
  SweepOptions o;
  o.clients = std::move(clients);
  o.reps = reps;
  o.duration_s = 10;
  o.warmup_s = 0;
  return o;
}

const GuardFlag kContended{Guard::kHostUncontended,
                           "host-contended: other processes held 1.50 cores"};

struct TierMeasureSweep {
  FakeSweepBench bench;
  TierSweep tier;
  Status status;
};

// The tier measured on a fresh fake bench running `script`.
void Measure(TierMeasureSweep* r, const SweepOptions& o, const std::vector<SweepWindow>& done = {},
             bool held = true) {
  if (!r->bench.script) r->bench.script = Scripted;
  r->tier.tier = "ci";
  r->status = MeasureTier(r->bench, o, "tps", done, held, &r->tier, SilentNarrator());
}

std::vector<std::string> Names(const std::vector<SweepWindow>& windows) {
  std::vector<std::string> out;
  for (const SweepWindow& w : windows) {
    out.push_back(std::to_string(w.clients) + "/" + std::to_string(w.rep));
  }
  return out;
}

TEST(TierMeasure, ASaturatedStepEndsTheClientList) {
  TierMeasureSweep r;
  Measure(&r, TierMeasureOptions({1, 2, 4, 8}, 2));
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_EQ(r.bench.Logged("run"),
            (std::vector<std::string>{"run 1/1 10 s", "run 1/2 10 s", "run 2/1 10 s",
                                      "run 2/2 10 s", "run 4/1 10 s", "run 4/2 10 s"}))
      << "8 clients are never measured";
  EXPECT_EQ(r.bench.Logged("record").size(), 6u) << "each window recorded as it ends";
  EXPECT_TRUE(r.tier.finding.saturated);
  EXPECT_EQ(r.tier.finding.step, 2u) << "at 4 clients";
  EXPECT_EQ(Names(r.tier.windows),
            (std::vector<std::string>{"1/1", "1/2", "2/1", "2/2", "4/1", "4/2"}));
}

TEST(TierMeasure, StillScalingMeasuresEveryClientCount) {
  TierMeasureSweep r;
  r.bench.script = [](int clients, int rep) {
    return TierMeasureWindow(clients, rep, {1000.0 * clients, 10});
  };
  Measure(&r, TierMeasureOptions({1, 2, 4, 8}, 1));
  EXPECT_EQ(r.bench.Logged("run").size(), 4u);
  EXPECT_FALSE(r.tier.finding.saturated);
}

// 2 clients rep 2 ran beside a neighbour: 100 tps at 200 ms. Averaged in, 2
// clients would gain 0 % over 1 ((1900 + 100) / 2 = 1000) with p95 tenfold:
// saturated there. Left out, 2 clients scale and 4 is measured.
SweepWindow WithContendedTwo(int clients, int rep) {
  if (clients != 2 || rep != 2) return Scripted(clients, rep);
  SweepWindow w = TierMeasureWindow(clients, rep, {100, 200});
  w.flags = {kContended};
  return w;
}

TEST(TierMeasure, AContendedWindowIsShownButLeftOutOfTheMeans) {
  TierMeasureSweep r;
  r.bench.script = WithContendedTwo;
  Measure(&r, TierMeasureOptions({1, 2, 4, 8}, 2));
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_EQ(r.bench.Logged("run").size(), 6u) << "4 clients measured: 2 still scaled";
  EXPECT_TRUE(r.tier.finding.saturated);
  EXPECT_EQ(r.tier.finding.step, 2u) << "at 4 clients, not at 2";
  ASSERT_EQ(r.tier.windows.size(), 6u);
  EXPECT_EQ(r.tier.windows[3].flags, std::vector<GuardFlag>{kContended}) << "kept, flagged";
  EXPECT_EQ(r.bench.records.at({2, 2}).flags, std::vector<GuardFlag>{kContended});
}

TEST(TierMeasure, AFlaggedWindowIsMeasuredAgainOnlyUnderRemeasureFlagged) {
  const std::vector<SweepWindow> done = {Scripted(1, 1), Scripted(1, 2), Scripted(2, 1),
                                         WithContendedTwo(2, 2)};
  SweepOptions o = TierMeasureOptions({1, 2}, 2);
  o.warmup_s = 1;  // a fixed warm-up: one interval
  TierMeasureSweep plain;
  Measure(&plain, o, done);
  EXPECT_TRUE(plain.bench.log.empty()) << "nothing run, warmed or recorded";
  EXPECT_EQ(plain.tier.windows.size(), 4u);
  EXPECT_FALSE(plain.tier.windows[3].valid());

  o.remeasure_flagged = true;
  TierMeasureSweep again;
  Measure(&again, o, done);
  EXPECT_EQ(again.bench.log, (std::vector<std::string>{"prime ahead", "warmup 1 at 2 clients 1 s",
                                                       "run 2/2 10 s", "record 2/2"}));
  ASSERT_EQ(again.tier.windows.size(), 4u);
  EXPECT_TRUE(again.tier.windows[3].valid()) << "the new measurement takes its place";
  EXPECT_DOUBLE_EQ(again.tier.windows[3].tps, 1900);
}

TEST(TierMeasure, AWarmupThatNeverSettlesFlagsTheFirstWindowCold) {
  SweepOptions o = TierMeasureOptions({1}, 2);
  o.warmup_s = 30;
  o.warmup_interval_s = 5;
  TierMeasureSweep r;
  // Throughput up 20 % an interval, reads down, the hit ratio up: still
  // warming at every interval (far beyond the 10 % tolerance and the noise
  // of 5,000 transactions) and a steady trend, so never settled.
  r.bench.warmup.clear();
  for (int i = 0; i < 10; ++i) {
    r.bench.warmup.push_back({5, 1000 * std::pow(1.2, i), 0.99 + 0.001 * i, 500.0 - 40 * i});
  }
  Measure(&r, o);
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_EQ(r.bench.Logged("warmup").size(), 6u) << "30 s in 5 s intervals, then it stops";
  ASSERT_TRUE(r.tier.warmup.has_value());
  EXPECT_EQ(r.tier.warmup->outcome, WarmupOutcome::kNotSettled);
  ASSERT_EQ(r.tier.windows.size(), 2u);
  const GuardFlag cold{Guard::kWarmCache, "cold: warm-up did not settle in 30 s"};
  EXPECT_EQ(r.tier.windows[0].flags, std::vector<GuardFlag>{cold});
  EXPECT_EQ(r.bench.records.at({1, 1}).flags, std::vector<GuardFlag>{cold}) << "recorded so";
  EXPECT_TRUE(r.tier.windows[1].valid()) << "only the first window";
}

TEST(TierMeasure, ASettledWarmupFlagsNothing) {
  SweepOptions o = TierMeasureOptions({1}, 2);
  o.warmup_s = 30;
  o.warmup_interval_s = 5;
  TierMeasureSweep r;
  r.bench.warmup = {{5, 1000, 0.9999, 1}};  // the same figures every interval
  Measure(&r, o);
  // Settled once two successive comparisons agree: three intervals.
  EXPECT_EQ(r.bench.Logged("warmup").size(), 3u);
  EXPECT_EQ(r.tier.warmup->outcome, WarmupOutcome::kSettled);
  for (const SweepWindow& w : r.tier.windows) EXPECT_TRUE(w.valid());
}

TEST(TierMeasure, RecordedWindowsAreNotMeasuredAgainOnResume) {
  SweepOptions o = TierMeasureOptions({1, 2, 4, 8}, 2);
  o.warmup_s = 1;
  TierMeasureSweep r;
  Measure(&r, o, {Scripted(1, 1), Scripted(1, 2), Scripted(2, 1)});
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_EQ(r.bench.log, (std::vector<std::string>{"prime ahead", "warmup 1 at 2 clients 1 s",
                                                   "run 2/2 10 s", "record 2/2", "run 4/1 10 s",
                                                   "record 4/1", "run 4/2 10 s", "record 4/2"}))
      << "the working set read and the tier warmed at the first client count left to measure, "
         "once each";
  EXPECT_EQ(Names(r.tier.windows),
            (std::vector<std::string>{"1/1", "1/2", "2/1", "2/2", "4/1", "4/2"}));
  EXPECT_TRUE(r.tier.finding.saturated);
}

TEST(TierMeasure, ARepetitionColderThanItsTwinIsFlaggedAndItsRecordUpdated) {
  // Recorded before: hit ratio 0.98 at 100,000 reads/s, where its twin
  // (measured now) reads once a second at 0.9999.
  SweepWindow planted = Scripted(1, 1);
  planted.hit_ratio = 0.98;
  planted.reads_per_s = 100000;
  TierMeasureSweep r;
  Measure(&r, TierMeasureOptions({1}, 2), {planted});
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_EQ(r.bench.log,
            (std::vector<std::string>{"prime ahead", "run 1/2 10 s", "record 1/2", "update 1/1"}))
      << "the working set is read ahead even without a warm-up";
  ASSERT_EQ(r.tier.windows.size(), 2u);
  ASSERT_EQ(r.tier.windows[0].flags.size(), 1u);
  EXPECT_EQ(r.tier.windows[0].flags[0].guard, Guard::kWarmCache);
  EXPECT_EQ(r.bench.records.at({1, 1}).flags, r.tier.windows[0].flags);
  EXPECT_TRUE(r.tier.windows[1].valid());

  // Run again on what is now recorded: flagged already, nothing updated.
  TierMeasureSweep again;
  Measure(&again, TierMeasureOptions({1}, 2),
          {r.bench.records.at({1, 1}), r.bench.records.at({1, 2})});
  EXPECT_TRUE(again.bench.log.empty());
}

TEST(TierMeasure, ATierGrownPastMeasuresNothing) {
  SweepOptions o = TierMeasureOptions({1, 2}, 2);
  o.warmup_s = 1;
  o.remeasure_flagged = true;
  SweepWindow flagged = Scripted(1, 1);
  flagged.flags = {kContended};
  TierMeasureSweep r;
  Measure(&r, o, {flagged, Scripted(1, 2)}, /*held=*/false);
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_TRUE(r.bench.log.empty()) << "not the flagged window, not the missing client count";
  EXPECT_EQ(Names(r.tier.windows), (std::vector<std::string>{"1/1", "1/2"}));
  EXPECT_FALSE(r.tier.windows[0].valid());
}

}  // namespace
}  // namespace skyseed
