#include "capacity/service_share.h"

#include <gtest/gtest.h>

namespace skyseed {
namespace {

SweepWindow ServiceShareWindow(int clients, int rep,
                               std::vector<std::pair<std::string, double>> p50s) {
  SweepWindow w;
  w.tier = "ci";
  w.clients = clients;
  w.rep = rep;
  for (const auto& [name, p50] : p50s) {
    LatencySummary l;
    l.count = 10;
    l.p50 = p50;
    w.classes.push_back({name, l});
  }
  return w;
}

SweepRecord Record(std::vector<SweepWindow> windows) {
  SweepRecord r;
  TierSweep t;
  t.tier = "ci";
  t.windows = std::move(windows);
  r.tiers.push_back(t);
  return r;
}

TEST(ServiceShare, DifferenceOfMeanP50sOverValidWindows) {
  SweepWindow flagged = ServiceShareWindow(1, 3, {{"lookup_source", 100}});
  flagged.flags.push_back({Guard::kNoSwapping, "swap grew in the window"});
  const SweepRecord db =
      Record({ServiceShareWindow(1, 1, {{"lookup_source", 0.4}, {"cone_source", 2.0}}),
              ServiceShareWindow(1, 2, {{"lookup_source", 0.6}, {"cone_source", 2.0}}), flagged});
  const SweepRecord tap = Record(
      {ServiceShareWindow(1, 1, {{"tap_lookup", 9.0}, {"tap_cone", 12.0}, {"tap_metadata", 5}}),
       ServiceShareWindow(1, 2, {{"tap_lookup", 11.0}, {"tap_cone", 8.0}, {"tap_metadata", 5}})});
  const std::vector<ServiceShare> s = ServiceShares(db, tap);
  ASSERT_EQ(s.size(), 2u) << "tap_metadata has no database counterpart";
  EXPECT_EQ(s[0].tap_class, "tap_lookup");
  EXPECT_EQ(s[0].database_class, "lookup_source");
  EXPECT_DOUBLE_EQ(s[0].end_to_end_p50_ms, 10.0);
  EXPECT_DOUBLE_EQ(s[0].database_p50_ms, 0.5);  // the flagged 100 ms left out
  EXPECT_DOUBLE_EQ(s[0].service_p50_ms, 9.5);
  EXPECT_DOUBLE_EQ(s[0].share, 0.95);
  EXPECT_EQ(s[1].tap_class, "tap_cone");
  EXPECT_DOUBLE_EQ(s[1].share, 0.8);
  EXPECT_DOUBLE_EQ(TierServiceShare(s, "ci"), (0.95 + 0.8) / 2);
  EXPECT_EQ(TierServiceShare(s, "D1"), -1);
}

TEST(ServiceShare, ADatabaseSlowerThanTheServiceGivesZeroNotNegative) {
  const SweepRecord db = Record({ServiceShareWindow(2, 1, {{"cone_source", 5.0}})});
  const SweepRecord tap = Record({ServiceShareWindow(2, 1, {{"tap_cone", 4.0}})});
  const std::vector<ServiceShare> s = ServiceShares(db, tap);
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].service_p50_ms, 0);
  EXPECT_EQ(s[0].share, 0);
}

TEST(ServiceShare, LowestClientCountDecidesTheTierShare) {
  const SweepRecord db = Record({ServiceShareWindow(1, 1, {{"cone_source", 1.0}}),
                                 ServiceShareWindow(4, 1, {{"cone_source", 1.0}})});
  const SweepRecord tap = Record({ServiceShareWindow(1, 1, {{"tap_cone", 4.0}}),
                                  ServiceShareWindow(4, 1, {{"tap_cone", 40.0}})});
  EXPECT_DOUBLE_EQ(TierServiceShare(ServiceShares(db, tap), "ci"), 0.75);
}

}  // namespace
}  // namespace skyseed
