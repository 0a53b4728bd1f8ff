// The TAP sweep's closing line names every tier's limit and service share:
// in a scaling run the limit moves from tier to tier, and the last tier's
// alone would hide where it moved.
#include <gtest/gtest.h>

#include "sweep/sweep.h"

namespace skyseed {
namespace {

SweepWindow TapSweepLineWindow(const std::string& tier, int clients, double rps, double p95_ms) {
  SweepWindow w;
  w.tier = tier;
  w.clients = clients;
  w.rep = 1;
  w.tps = rps;
  w.latency_ms.p95 = p95_ms;
  return w;
}

ServiceShare Share(const std::string& tier, int clients, double share) {
  ServiceShare s;
  s.tier = tier;
  s.clients = clients;
  s.share = share;
  return s;
}

TEST(TapSweepLine, EveryTiersLimitAndShare) {
  SweepResult r;
  TierSweep d1;
  d1.tier = "D1";
  d1.windows = {TapSweepLineWindow("D1", 1, 7.0, 700), TapSweepLineWindow("D1", 2, 8.6, 1040)};
  d1.finding.saturated = true;
  d1.finding.limit = LimitKind::kTapCpu;
  TierSweep d2;
  d2.tier = "D2";
  d2.windows = {TapSweepLineWindow("D2", 1, 4.0, 900), TapSweepLineWindow("D2", 2, 9.1, 1500)};
  // D2's fastest step is flagged: the line takes the valid ones only.
  SweepWindow flagged = TapSweepLineWindow("D2", 4, 30.0, 100);
  flagged.flags = {{Guard::kNoSwapping, "swap grew in the window"}};
  d2.windows.push_back(flagged);
  r.tap.tiers = {d1, d2};
  // D1's share is the mean over its classes at its lowest client count (1);
  // D2 has no share row: n/a.
  r.shares = {Share("D1", 1, 0.5), Share("D1", 1, 0.7), Share("D1", 2, 0.1)};
  EXPECT_EQ(TapSweepLine(r),
            "tap-sweep tiers=D1,D2 max_rps=9.1 p95_ms_at_max=1500.0 "
            "limit_D1=tap-cpu service_share_p50_D1=0.600 "
            "limit_D2=none service_share_p50_D2=n/a");
}

TEST(TapSweepLine, NoTierNoLimit) {
  EXPECT_EQ(TapSweepLine(SweepResult{}), "tap-sweep tiers= max_rps=0.0 p95_ms_at_max=0.0");
}

}  // namespace
}  // namespace skyseed
