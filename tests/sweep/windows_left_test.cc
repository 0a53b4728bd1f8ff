// A rerun starts a service only when a window is left to measure: the client
// counts past a tier's saturation are never measured, so a tier saturated at
// 4 of 1,2,4,8 clients is complete.
#include <gtest/gtest.h>

#include "sweep/tier_measure.h"

namespace skyseed {
namespace {

std::vector<SweepWindow> Steps(const std::vector<std::pair<int, double>>& tps_by_clients,
                               double p95_growth) {
  std::vector<SweepWindow> windows;
  double p95 = 10;
  for (const auto& [clients, tps] : tps_by_clients) {
    for (int rep = 1; rep <= 2; ++rep) {
      SweepWindow w;
      w.tier = "D3";
      w.clients = clients;
      w.rep = rep;
      w.seconds = 20;
      w.tps = tps;
      w.latency_ms.p95 = p95;
      windows.push_back(w);
    }
    p95 *= p95_growth;
  }
  return windows;
}

TEST(WindowsLeftToMeasure, NonePastSaturation) {
  SweepOptions o;
  o.clients = {1, 2, 4, 8};
  o.reps = 2;
  // 4 clients: +2 % throughput, p95 tripled: saturated, 8 is never measured.
  const auto saturated = Steps({{1, 1000}, {2, 1900}, {4, 1940}}, 3);
  EXPECT_FALSE(WindowsLeftToMeasure(o, saturated));
  // Still scaling at 4: 8 is left.
  const auto scaling = Steps({{1, 1000}, {2, 1900}, {4, 3600}}, 1.1);
  EXPECT_TRUE(WindowsLeftToMeasure(o, scaling));
  // A repetition missing before the saturated step.
  auto gap = saturated;
  gap.erase(gap.begin() + 3);  // 2 clients rep 2
  EXPECT_TRUE(WindowsLeftToMeasure(o, gap));
  EXPECT_TRUE(WindowsLeftToMeasure(o, {}));
  // Every client count recorded.
  EXPECT_FALSE(WindowsLeftToMeasure(o, Steps({{1, 1}, {2, 2}, {4, 4}, {8, 8}}, 1)));
}

}  // namespace
}  // namespace skyseed
