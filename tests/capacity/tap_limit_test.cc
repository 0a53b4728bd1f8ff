// The TAP sweep's limit classes on synthetic windows, one per class: each
// window is built from the figures that should decide it, and the class
// and its reason must follow from those figures alone.
#include <gtest/gtest.h>

#include "capacity/saturation.h"
#include "sweep_record/sweep_window.h"

namespace skyseed {
namespace {

// A valid TAP window on a 4-core host behind a one-core service.
SweepWindow TapWindow(int clients, double rps, double p95_ms) {
  SweepWindow w;
  w.tier = "S";
  w.clients = clients;
  w.rep = 1;
  w.seconds = 10;
  w.tps = rps;
  w.committed = static_cast<uint64_t>(rps * w.seconds);
  w.latency_ms.p95 = p95_ms;
  w.cores = 4;
  w.client_threads = clients;
  w.client_cores = 0.05 * clients;
  w.busy_cores = 1.5;
  w.database_cores = 0.3;
  w.service_cores = 0.3;
  w.service_ceiling = 1;
  w.response_bytes = 8 * 1024.0 * w.committed;
  return w;
}

// Scaling from 1 to 2 clients, then flat throughput and doubled p95 at 4:
// the step at 4 clients is classified from `at4`.
SaturationFinding Classify(const SweepWindow& at4) {
  std::vector<StepEvidence> steps = {StepFromWindows({TapWindow(1, 100, 10)}),
                                     StepFromWindows({TapWindow(2, 190, 11)}),
                                     StepFromWindows({at4})};
  return FindSaturation(steps);
}

TEST(TapLimit, ServiceAtItsCeilingIsTapCpu) {
  SweepWindow w = TapWindow(4, 195, 22);
  w.service_cores = 0.97;  // of a one-core ceiling, on a four-core host
  const SaturationFinding f = Classify(w);
  ASSERT_TRUE(f.saturated);
  EXPECT_EQ(f.limit, LimitKind::kTapCpu) << f.reason;
  EXPECT_NE(f.reason.find("0.97 of its 1.00-core ceiling"), std::string::npos) << f.reason;
}

TEST(TapLimit, BusyServiceLargeResponsesIdleDatabaseIsSerialisation) {
  SweepWindow w = TapWindow(4, 195, 22);
  w.service_cores = 0.95;
  w.database_cores = 0.2;                               // < 0.25 x 4 cores
  w.response_bytes = 600 * 1024.0 * (w.committed + 0);  // 600 KiB per response
  const SaturationFinding f = Classify(w);
  ASSERT_TRUE(f.saturated);
  EXPECT_EQ(f.limit, LimitKind::kSerialisation) << f.reason;
  EXPECT_NE(f.reason.find("mean response 600 KiB"), std::string::npos) << f.reason;
}

TEST(TapLimit, LargeResponsesButBusyDatabaseIsTapCpu) {
  SweepWindow w = TapWindow(4, 195, 22);
  w.service_cores = 0.95;
  w.database_cores = 1.5;
  w.response_bytes = 600 * 1024.0 * w.committed;
  EXPECT_EQ(Classify(w).limit, LimitKind::kTapCpu);
}

TEST(TapLimit, DatabaseUsingTheCoresLeftIsDatabaseCpu) {
  SweepWindow w = TapWindow(4, 195, 22);
  w.service_ceiling = 4;  // a service that could use every core, but uses 0.4
  w.service_cores = 0.4;
  w.client_cores = 0.2;
  w.database_cores = 3.0;  // of 4 - 0.2 - 0.4 = 3.4 left: 88 %
  w.busy_cores = 3.7;
  const SaturationFinding f = Classify(w);
  EXPECT_EQ(f.limit, LimitKind::kDatabaseCpu) << f.reason;
  EXPECT_NE(f.reason.find("3.00 of the 3.40 cores"), std::string::npos) << f.reason;
}

TEST(TapLimit, FallingHitRatioWithRisingReadsIsDatabaseIo) {
  SweepWindow w = TapWindow(4, 195, 22);
  w.hit_ratio = 0.80;
  w.reads_per_s = 5000;
  EXPECT_EQ(Classify(w).limit, LimitKind::kDatabaseIo);
}

TEST(TapLimit, LoadGeneratorThreadsAtTheirCeilingIsClient) {
  SweepWindow w = TapWindow(4, 195, 22);
  w.client_cores = 3.7;    // 0.93 per client thread
  w.service_cores = 0.99;  // the client is checked first: it makes the rest meaningless
  EXPECT_EQ(Classify(w).limit, LimitKind::kClient);
}

TEST(TapLimit, NothingBusyIsUnknown) {
  const SaturationFinding f = Classify(TapWindow(4, 195, 22));
  ASSERT_TRUE(f.saturated);
  EXPECT_EQ(f.limit, LimitKind::kUnknown) << f.reason;
}

TEST(TapLimit, UnmeasuredServiceIsNeverBlamed) {
  SweepWindow w = TapWindow(4, 195, 22);
  w.service_cores = -1;  // a --tap-url service without --tap-pid
  EXPECT_NE(Classify(w).limit, LimitKind::kTapCpu);
}

// Figures recorded by `skyseed sweep --target tap --tier ci --tap-cpus 0.2`
// at 4 clients: the service at its limit's ceiling, throttled throughout.
TEST(TapLimit, ServiceAtItsCpuLimitIsTapCpu) {
  SweepWindow w = TapWindow(4, 195, 22);
  w.service_ceiling = 0.2;  // min(--tap-cpus, one Python process)
  w.service_cores = 0.195;
  w.throttled_share = 1.0;
  const SaturationFinding f = Classify(w);
  ASSERT_TRUE(f.saturated);
  EXPECT_EQ(f.limit, LimitKind::kTapCpu) << f.reason;
  EXPECT_NE(f.reason.find("0.20 of its 0.20-core ceiling"), std::string::npos) << f.reason;
  EXPECT_NE(f.reason.find("throttled it in 100 % of the periods"), std::string::npos) << f.reason;
}

// CFS throttles a bursty service below its mean ceiling: throttled in a
// material share of the periods is tap-cpu on its own.
TEST(TapLimit, ThrottledBelowItsMeanCeilingIsTapCpu) {
  SweepWindow w = TapWindow(4, 195, 22);
  w.service_ceiling = 0.5;
  w.service_cores = 0.3;  // 60 % of the ceiling, under service_busy
  w.throttled_share = 0.4;
  const SaturationFinding f = Classify(w);
  EXPECT_EQ(f.limit, LimitKind::kTapCpu) << f.reason;
  EXPECT_NE(f.reason.find("throttled it in 40 %"), std::string::npos) << f.reason;
  w.throttled_share = 0.05;  // rarely throttled and below its ceiling: not the service
  EXPECT_NE(Classify(w).limit, LimitKind::kTapCpu);
}

// A database limit that is mostly connection setup says so, and names the
// relief: sessions per request times the tier's connect-and-disconnect probe.
TEST(TapLimit, DatabaseBoundByConnectionChurnNamesThePooler) {
  SweepWindow w = TapWindow(4, 20, 220);
  w.cores = 2;
  w.client_cores = 0.05;
  w.service_cores = 0.58;
  w.service_ceiling = 1;
  w.database_cores = 1.2;  // of 2 - 0.05 - 0.58 = 1.37 left
  w.busy_cores = 1.9;
  w.new_sessions = 200;                           // one per request, as DaCHS opens them
  w.connection_ms = 31.1;                         // the probe at ci
  EXPECT_DOUBLE_EQ(DatabaseMsPerRequest(w), 60);  // 1.2 cores x 10 s / 200 requests
  EXPECT_DOUBLE_EQ(SessionsPerRequest(w), 1);
  EXPECT_DOUBLE_EQ(ConnectionMsPerRequest(w), 31.1);
  std::vector<StepEvidence> steps = {StepFromWindows({TapWindow(1, 12, 90)}),
                                     StepFromWindows({TapWindow(2, 19, 110)}),
                                     StepFromWindows({w})};
  SaturationFinding f = FindSaturation(steps);
  ASSERT_TRUE(f.saturated);
  EXPECT_EQ(f.limit, LimitKind::kDatabaseCpu) << f.reason;
  EXPECT_NE(f.reason.find("of its 60.0 ms per request, about 31.1 ms open the service's"),
            std::string::npos)
      << f.reason;
  EXPECT_NE(f.reason.find("--tap-pooler"), std::string::npos) << f.reason;
  // Through a pooler that keeps them: one new session in 200 requests.
  w.new_sessions = 1;
  steps.back() = StepFromWindows({w});
  f = FindSaturation(steps);
  EXPECT_EQ(f.limit, LimitKind::kDatabaseCpu) << f.reason;
  EXPECT_EQ(f.reason.find("--tap-pooler"), std::string::npos) << f.reason;
}

TEST(TapLimit, ChurnFiguresAreUnknownWithoutTheirEvidence) {
  SweepWindow w = TapWindow(4, 20, 220);
  EXPECT_LT(SessionsPerRequest(w), 0);  // no session count (an older record)
  w.new_sessions = 200;
  EXPECT_LT(ConnectionMsPerRequest(w), 0);  // no probe (a remote server)
  w.database_cores = -1;
  EXPECT_LT(DatabaseMsPerRequest(w), 0);
}

TEST(TapLimit, NamesRoundTrip) {
  for (LimitKind k : {LimitKind::kTapCpu, LimitKind::kSerialisation, LimitKind::kDatabaseIo}) {
    EXPECT_EQ(LimitKindFromName(LimitKindName(k)), k);
  }
  EXPECT_STREQ(LimitKindName(LimitKind::kTapCpu), "tap-cpu");
  EXPECT_STREQ(LimitKindName(LimitKind::kSerialisation), "serialisation");
}

}  // namespace
}  // namespace skyseed
