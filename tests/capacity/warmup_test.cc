#include "capacity/warmup.h"

#include <gtest/gtest.h>

#include "capacity/sweep_record.h"

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
  EXPECT_EQ(WarmupColdFlag(r), "cold: warm-up did not settle in 17 s");
  r.outcome = WarmupOutcome::kSettled;
  EXPECT_EQ(WarmupColdFlag(r), "");
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
  EXPECT_EQ(WarmupColdFlag(r), "") << "a fixed warm-up is never judged cold";
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
  s.key = "k";
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
