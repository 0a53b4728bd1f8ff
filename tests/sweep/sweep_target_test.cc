// What SweepTierOn (sweep/sweep_target.h) does with a target, on a fake
// target over a fake bench: prepare, then the windows (of the key's length,
// not --duration's) in client order up to saturation, then finish and stop;
// recorded windows reused on resume; a tier grown past concluded from its
// records alone; and on every refusal path (preparing, a window, finishing,
// stopping) the target still stopped and the first failure returned. Every
// expected log is written out by hand from the script below.
#include "sweep/sweep_target.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/sweep/fake_sweep_target.h"

namespace skyseed {
namespace {

// Scales to 2 clients (+90 %), then stops at 4: +2 % while p95 triples.
SweepWindow TargetScripted(int clients, int rep) {
  SweepWindow w;
  w.tier = "ci";
  w.clients = clients;
  w.rep = rep;
  w.seconds = 7;
  w.tps = clients == 1 ? 1000 : clients == 2 ? 1900 : 1940;
  w.latency_ms.p95 = clients == 1 ? 10 : clients == 2 ? 11 : 33;
  w.hit_ratio = 0.9999;
  w.reads_per_s = 1;
  return w;
}

SweepOptions TargetOptions(std::vector<int> clients) {
  SweepOptions o;
  o.clients = std::move(clients);
  o.reps = 1;
  o.duration_s = 10;  // the fake key's 7 s must win
  o.warmup_s = 0;
  return o;
}

SweepTier TargetTier(bool held) {
  SweepTier tier;
  tier.dir = "/nonexistent/ci";
  tier.held = held;
  tier.base.tier = "ci";
  tier.base.corpus_digest = "c0ffee";
  tier.base.missing_evidence = {"track_io_timing is off"};
  return tier;
}

struct TargetRun {
  FakeSweepTarget target;
  TierSweep tier;
  Status status;
};

void RunTarget(TargetRun* r, const SweepOptions& o, bool held = true) {
  r->target.key.duration_s = 7;
  r->target.bench.script = TargetScripted;
  r->status = SweepTierOn(r->target, o, TargetTier(held), &r->tier, SilentNarrator());
}

using Log = std::vector<std::string>;

TEST(SweepTierOn, PreparesMeasuresInClientOrderFinishesAndStops) {
  TargetRun r;
  RunTarget(&r, TargetOptions({1, 2, 4, 8}));
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_EQ(r.target.Log(),
            (Log{"prepare ci held", "prime ahead", "run 1/1 7 s", "record 1/1", "run 2/1 7 s",
                 "record 2/1", "run 4/1 7 s", "record 4/1", "finish ci", "stop"}));
  // The tier's own facts came from the tier, the windows and finding from the bench.
  EXPECT_EQ(r.tier.tier, "ci");
  EXPECT_EQ(r.tier.corpus_digest, "c0ffee");
  EXPECT_EQ(r.tier.missing_evidence, Log{"track_io_timing is off"});
  ASSERT_EQ(r.tier.windows.size(), 3u);
  EXPECT_EQ(r.tier.windows[2].clients, 4);
  EXPECT_TRUE(r.tier.finding.saturated);
}

TEST(SweepTierOn, ResumesAfterTheWindowsRecordedBefore) {
  TargetRun r;
  SweepWindow kept = TargetScripted(1, 1);
  kept.tps = 1001;  // the record's, not a new measurement's
  r.target.recorded = {kept};
  RunTarget(&r, TargetOptions({1, 2, 4, 8}));
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_EQ(r.target.Log(), (Log{"prepare ci held", "prime ahead", "run 2/1 7 s", "record 2/1",
                                 "run 4/1 7 s", "record 4/1", "finish ci", "stop"}));
  ASSERT_EQ(r.tier.windows.size(), 3u);
  EXPECT_EQ(r.tier.windows[0].tps, 1001);
}

TEST(SweepTierOn, AFinishedTierMeasuresNothing) {
  TargetRun r;
  r.target.recorded = {TargetScripted(1, 1), TargetScripted(2, 1)};
  RunTarget(&r, TargetOptions({1, 2}));
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_EQ(r.target.Log(), (Log{"prepare ci held", "finish ci", "stop"}));
  EXPECT_EQ(r.tier.windows.size(), 2u);
}

TEST(SweepTierOn, ATierGrownPastStandsOnItsRecords) {
  TargetRun r;
  r.target.recorded = {TargetScripted(1, 1)};
  RunTarget(&r, TargetOptions({1, 2}), /*held=*/false);
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_EQ(r.target.Log(), (Log{"prepare ci grown past", "finish ci", "stop"}));
  ASSERT_EQ(r.tier.windows.size(), 1u);
  EXPECT_EQ(r.tier.windows[0].clients, 1);
}

TEST(SweepTierOn, APreparationRefusedMeasuresNothingAndStillStops) {
  TargetRun r;
  r.target.prepare_fails = Status::Unavailable("the service did not start");
  RunTarget(&r, TargetOptions({1, 2}));
  EXPECT_EQ(r.status.message(), "the service did not start");
  EXPECT_EQ(r.target.Log(), (Log{"prepare ci held", "stop"}));
  EXPECT_TRUE(r.tier.windows.empty());
}

TEST(SweepTierOn, AWindowThatFailsSkipsFinishingButStops) {
  TargetRun r;
  r.target.bench.fails_at_clients = 2;
  RunTarget(&r, TargetOptions({1, 2, 4}));
  EXPECT_EQ(r.status.message(), "the scripted window failed");
  EXPECT_EQ(r.target.Log(), (Log{"prepare ci held", "prime ahead", "run 1/1 7 s", "record 1/1",
                                 "run 2/1 7 s", "stop"}));
}

TEST(SweepTierOn, AFinishThatFailsStillStops) {
  TargetRun r;
  r.target.finish_fails = Status::IoError("the profile could not be written");
  RunTarget(&r, TargetOptions({1}));
  EXPECT_EQ(r.status.message(), "the profile could not be written");
  EXPECT_EQ(r.target.calls, (Log{"prepare ci held", "finish ci", "stop"}));
}

TEST(SweepTierOn, AStopThatFailsFailsTheTierButNotBeforeTheFirstFailure) {
  TargetRun stopped;
  stopped.target.stop_fails = Status::IoError("the service left its folder");
  RunTarget(&stopped, TargetOptions({1}));
  EXPECT_EQ(stopped.status.message(), "the service left its folder");
  EXPECT_EQ(stopped.tier.windows.size(), 1u);

  TargetRun both;
  both.target.stop_fails = Status::IoError("the service left its folder");
  both.target.bench.fails_at_clients = 1;
  RunTarget(&both, TargetOptions({1}));
  EXPECT_EQ(both.status.message(), "the scripted window failed");
  EXPECT_EQ(both.target.calls, (Log{"prepare ci held", "stop"}));
}

}  // namespace
}  // namespace skyseed
