#include "capacity/warmup.h"

#include <gtest/gtest.h>

#include "sweep_record/sweep_record.h"

namespace skyseed {
namespace {

WarmupInterval Interval(double tps, double hit, double reads_per_s, double seconds = 5) {
  return {seconds, tps, hit, reads_per_s};
}

// Settled after exactly `n` intervals: not before, and the warm-up stops there.
void ExpectSettlesAt(const std::vector<WarmupInterval>& series, size_t n, const WarmupRule& rule) {
  for (size_t k = 0; k <= series.size(); ++k) {
    const std::vector<WarmupInterval> prefix(series.begin(), series.begin() + k);
    EXPECT_EQ(WarmupSettled(prefix, rule), k >= n) << "after " << k << " intervals";
  }
  const std::vector<WarmupInterval> first(series.begin(), series.begin() + n);
  EXPECT_EQ(NextWarmupSeconds(first, rule), 0);
  EXPECT_EQ(WarmupOutcomeOf(first, rule), WarmupOutcome::kSettled);
}

TEST(Warmup, AFlatSeriesSettlesAfterTwoAgreeingComparisons) {
  const WarmupRule rule;
  ExpectSettlesAt(
      {Interval(7950, 0.99991, 15), Interval(8050, 0.99990, 16), Interval(8000, 0.99992, 14)}, 3,
      rule);
  // Until then, another whole interval.
  EXPECT_EQ(NextWarmupSeconds({Interval(7950, 0.99991, 15), Interval(8050, 0.9999, 16)}, rule),
            rule.interval_s);
}

TEST(Warmup, ARisingHitRatioDoesNotSettle) {
  // The cache filling after a grow, throughput flat: what a 10 s warm-up
  // left behind (0.9983 and 168 reads/s, then 0.9999 and 15).
  const std::vector<WarmupInterval> series = {
      Interval(8000, 0.9983, 168), Interval(8000, 0.9990, 100), Interval(8000, 0.9995, 50),
      Interval(8000, 0.9999, 15)};
  for (size_t k = 0; k <= series.size(); ++k) {
    EXPECT_FALSE(WarmupSettled({series.begin(), series.begin() + k}, WarmupRule{})) << k;
  }
  // Once the cache is full it settles.
  std::vector<WarmupInterval> more = series;
  more.push_back(Interval(8000, 0.9999, 16));
  more.push_back(Interval(8000, 0.9999, 15));
  EXPECT_TRUE(WarmupSettled(more, WarmupRule{}));
}

TEST(Warmup, RisingThroughputDoesNotSettle) {
  const std::vector<WarmupInterval> series = {
      Interval(5000, 0.9999, 15), Interval(6000, 0.9999, 15), Interval(7000, 0.9999, 15),
      Interval(8000, 0.9999, 15)};
  for (size_t k = 0; k <= series.size(); ++k) {
    EXPECT_FALSE(WarmupSettled({series.begin(), series.begin() + k}, WarmupRule{})) << k;
  }
}

TEST(Warmup, OneAgreeingPairInAClimbIsNotEnough) {
  // A pause between 6000 and 6100, then the climb goes on.
  EXPECT_FALSE(WarmupSettled(
      {Interval(5000, 0.9999, 15), Interval(6000, 0.9999, 15), Interval(6100, 0.9999, 15)},
      WarmupRule{}));
}

TEST(Warmup, TheBoundEndsAnUnsettledWarmupAndItsLastIntervalIsCut) {
  WarmupRule rule;
  rule.interval_s = 5;
  rule.max_s = 17;
  std::vector<WarmupInterval> climb;
  for (int i = 0; i < 3; ++i) climb.push_back(Interval(1000 * (i + 1), 0.9999, 15));
  EXPECT_EQ(NextWarmupSeconds(climb, rule), 2) << "17 s: three intervals of 5, one of 2";
  climb.push_back(Interval(5000, 0.9999, 15, 2));
  EXPECT_EQ(NextWarmupSeconds(climb, rule), 0);
  WarmupRecord r;
  r.max_s = rule.max_s;
  r.outcome = WarmupOutcomeOf(climb, rule);
  EXPECT_EQ(r.outcome, WarmupOutcome::kNotSettled);
  EXPECT_EQ(WarmupColdFlag(r),
            (GuardFlag{Guard::kWarmCache, "cold: warm-up did not settle in 17 s"}));
  r.outcome = WarmupOutcome::kSettled;
  EXPECT_EQ(WarmupColdFlag(r), std::nullopt);
}

TEST(Warmup, ATapLikeNoisyLowRateSeriesSettles) {
  // ~10 req/s: 48, 55, 44 requests in 5 s, a handful of block reads. The
  // 10 % tolerance alone would never call this steady; Poisson noise of
  // ~50 counts (sd ~10 for a difference) does.
  ExpectSettlesAt(
      {Interval(9.6, 0.9996, 0.4), Interval(11.0, 0.9990, 1.0), Interval(8.8, 0.9994, 0.6)}, 3,
      WarmupRule{});
}

TEST(Warmup, ATierThatNeverFitsTheCacheSettlesAtItsReadRate) {
  // Steady at a low hit ratio: its miss ratio and reads move by a few
  // percent, more than the absolute hit tolerance.
  ExpectSettlesAt(
      {Interval(800, 0.950, 5000), Interval(820, 0.952, 4900), Interval(790, 0.949, 5100)}, 3,
      WarmupRule{});
}

TEST(Warmup, MannKendallCountsLaterLargerMinusLaterSmallerPairs) {
  EXPECT_EQ(MannKendallS({1, 2, 3, 4, 5, 6}), 15);
  EXPECT_EQ(MannKendallS({6, 5, 4, 3, 2, 1}), -15);
  // (3,1) -, (3,2) -, (3,3) 0, (1,2) +, (1,3) +, (2,3) +.
  EXPECT_EQ(MannKendallS({3, 1, 2, 3}), 1);
  EXPECT_EQ(MannKendallS({}), 0);
}

// Tier D3 (25 GiB on 6 GiB of shared_buffers, 23.5 GiB of memory) at one
// client, the sweep's 5 s intervals as measured: the cones of each moment
// miss what they miss, with no trend, and no two successive intervals agree
// for long. It is warm at the eighth interval (where the warm-up stops); the
// pairwise rule alone ran to the 120 s bound and flagged a warm window cold.
TEST(Warmup, ATrendlessTierLargerThanTheCacheSettles) {
  const std::vector<WarmupInterval> d3 = {
      Interval(185, 0.98589, 473.4), Interval(188, 0.98661, 507.0),  Interval(217, 0.97723, 775.0),
      Interval(173, 0.97357, 786.8), Interval(161, 0.96201, 1189.0), Interval(173, 0.94323, 1764.0),
      Interval(148, 0.96352, 973.8), Interval(189, 0.98672, 486.8)};
  ExpectSettlesAt(d3, 8, WarmupRule{});
  WarmupRule pairwise_only;
  pairwise_only.trend_intervals = 0;
  EXPECT_FALSE(WarmupSettled(d3, pairwise_only));
}

// Tier D1 after its grow, as measured: the reads fall interval after
// interval, so the trend rule waits, and the pairwise rule settles it once
// the reads are down to noise (the ninth interval, as before).
TEST(Warmup, AWarmingCacheIsATrendTheTrendRuleWaitsFor) {
  const std::vector<WarmupInterval> d1 = {
      Interval(2226, 0.99269, 983.2), Interval(2243, 0.99712, 372.2),
      Interval(2524, 0.99880, 170.2), Interval(2272, 0.99959, 55.2),
      Interval(2426, 0.99980, 29.6),  Interval(2492, 0.99992, 13.0),
      Interval(2564, 0.99996, 5.4),   Interval(2528, 0.99999, 2.0),
      Interval(2680, 0.99999, 1.2)};
  ExpectSettlesAt(d1, 9, WarmupRule{});
  WarmupRule trend_only;
  trend_only.steady_comparisons = 100;
  EXPECT_FALSE(WarmupSettled(d1, trend_only));
}

TEST(Warmup, ABoundTooShortToJudgeIsOneFixedWindow) {
  WarmupRule rule;
  rule.interval_s = 1;
  rule.max_s = 1;
  EXPECT_FALSE(WarmupJudged(rule));
  EXPECT_EQ(NextWarmupSeconds({}, rule), 1);
  EXPECT_EQ(NextWarmupSeconds({Interval(10, 0.9, 100, 1)}, rule), 0);
  WarmupRecord r;
  r.outcome = WarmupOutcomeOf({Interval(10, 0.9, 100, 1)}, rule);
  EXPECT_EQ(r.outcome, WarmupOutcome::kFixed);
  EXPECT_EQ(WarmupColdFlag(r), std::nullopt) << "a fixed warm-up is never judged cold";
  rule.max_s = 10;
  rule.interval_s = 5;
  EXPECT_FALSE(WarmupJudged(rule)) << "two intervals give one comparison";
  rule.max_s = 15;
  EXPECT_TRUE(WarmupJudged(rule));
  rule.max_s = 0;
  EXPECT_EQ(NextWarmupSeconds({}, rule), 0) << "--warmup 0: none";
}

TEST(Warmup, RecordedWithTheTierAndReadBack) {
  WarmupRecord r;
  r.clients = 8;
  r.interval_s = 5;
  r.max_s = 120;
  r.intervals = {Interval(7800, 0.9991, 40), Interval(7900, 0.9999, 15)};
  r.seconds = 10;
  r.outcome = WarmupOutcome::kNotSettled;
  SweepRecord s;
  s.key.mix = "k=100";
  s.setup = nlohmann::json::object();
  TierSweep t;
  t.tier = "ci";
  t.warmup = r;
  s.tiers = {t, TierSweep{}};
  const nlohmann::json j = SweepToJson(s);
  EXPECT_EQ(j["tiers"][0]["warmup"]["outcome"], "not settled");
  EXPECT_EQ(j["tiers"][0]["warmup"]["settled"], false);
  EXPECT_FALSE(j["tiers"][1].contains("warmup")) << "no warm-up ran on that tier";
  Result<SweepRecord> back = SweepFromJson(j);
  ASSERT_TRUE(back.ok()) << back.status().message();
  ASSERT_TRUE(back->tiers[0].warmup.has_value());
  EXPECT_EQ(back->tiers[0].warmup->intervals.size(), 2u);
  EXPECT_DOUBLE_EQ(back->tiers[0].warmup->intervals[1].hit_ratio, 0.9999);
  EXPECT_FALSE(back->tiers[1].warmup.has_value());
  EXPECT_EQ(SweepToJson(*back), j);
}

}  // namespace
}  // namespace skyseed
