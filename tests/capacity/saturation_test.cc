#include "capacity/saturation.h"

#include <gtest/gtest.h>

#include "sweep_record/sweep_window.h"

namespace skyseed {
namespace {

StepEvidence Step(int clients, double tps, double p95, double busy_cores) {
  StepEvidence s;
  s.clients = clients;
  s.tps = tps;
  s.p95_ms = p95;
  s.busy_cores = busy_cores;
  s.client_cores = 0.1 * busy_cores;
  s.client_threads = 2;
  s.cores = 2;
  return s;
}

TEST(Saturation, AKeepsScalingSeriesIsNotSaturated) {
  const std::vector<StepEvidence> steps = {Step(1, 1000, 2, 0.5), Step(8, 6000, 2.4, 1.2),
                                           Step(16, 9000, 3.0, 1.6), Step(32, 11000, 3.5, 1.7)};
  EXPECT_FALSE(FindSaturation(steps).saturated);
}

TEST(Saturation, FlatThroughputWithRisingLatencyIsCpuBound) {
  const std::vector<StepEvidence> steps = {Step(1, 1000, 2, 0.8), Step(8, 5000, 3, 1.95),
                                           Step(16, 5100, 6, 1.98), Step(32, 5150, 12, 2.0)};
  const SaturationFinding f = FindSaturation(steps);
  ASSERT_TRUE(f.saturated);
  EXPECT_EQ(f.step, 2u);
  EXPECT_EQ(f.limit, LimitKind::kDatabaseCpu);
  EXPECT_NE(f.reason.find("16 clients"), std::string::npos) << f.reason;
}

TEST(Saturation, OneSignalAloneIsNotEnough) {
  // Throughput flat but latency steady: a plateau, not saturation.
  EXPECT_FALSE(FindSaturation({Step(1, 1000, 2, 1), Step(8, 1020, 2.1, 1)}).saturated);
  // Latency up but throughput still gaining well.
  EXPECT_FALSE(FindSaturation({Step(1, 1000, 2, 1), Step(8, 3000, 5, 1)}).saturated);
}

TEST(Saturation, ClassifiesClientAndIoLimits) {
  StepEvidence first = Step(1, 1000, 2, 0.5);
  StepEvidence client = Step(8, 1050, 4, 1.0);
  client.client_cores = 0.6;  // 60 % of the busy time is pgbench's
  std::string why;
  EXPECT_EQ(ClassifyLimit(first, client, {}, &why), LimitKind::kClient);
  StepEvidence io = Step(8, 1050, 4, 0.7);
  first.hit_ratio = 0.999;
  first.reads_per_s = 10;
  io.hit_ratio = 0.80;
  io.reads_per_s = 5000;
  EXPECT_EQ(ClassifyLimit(first, io, {}, &why), LimitKind::kDatabaseIo);
  EXPECT_NE(why.find("0.800"), std::string::npos) << why;
  StepEvidence idle = Step(8, 1050, 4, 0.7);
  EXPECT_EQ(ClassifyLimit(first, idle, {}, &why), LimitKind::kUnknown);
}

// A scan too large for the buffer ring reads every block again, but from
// the page cache: the hit ratio collapses while the backends compute. The
// figures are D2's TAP step at 2 clients (docs/scaling-run.md).
TEST(Saturation, ReadsThePageCacheServesAreTheDatabasesCpu) {
  StepEvidence first = Step(1, 4.5, 700, 1.47);
  first.hit_ratio = 0.312;
  first.reads_per_s = 51000;
  StepEvidence at = Step(2, 4.0, 1350, 1.87);
  at.client_cores = 0.01;
  at.service_cores = 0.15;
  at.service_ceiling = 2;
  at.database_cores = 1.69;
  at.hit_ratio = 0.324;
  at.reads_per_s = 74000;
  at.read_wait_backends = 0.42;  // 8.4 s of read time per 20 s window
  std::string why;
  EXPECT_EQ(ClassifyLimit(first, at, {}, &why), LimitKind::kDatabaseCpu) << why;
  EXPECT_NE(why.find("hit ratio 0.324, but reads kept only 0.42 backends waiting"),
            std::string::npos)
      << why;
  // The same step waiting on the disk: backends wait longer than they compute.
  at.database_cores = 0.6;
  at.read_wait_backends = 1.5;
  EXPECT_EQ(ClassifyLimit(first, at, {}, &why), LimitKind::kDatabaseIo) << why;
  EXPECT_NE(why.find("backends waited on reads 1.50 beside 0.60 cores computing"),
            std::string::npos)
      << why;
  // At the threshold, half as long as computing, the reads are the limit.
  at.database_cores = 1.0;
  at.read_wait_backends = 0.5;
  EXPECT_EQ(ClassifyLimit(first, at, {}, &why), LimitKind::kDatabaseIo) << why;
  at.read_wait_backends = 0.49;
  EXPECT_NE(ClassifyLimit(first, at, {}, &why), LimitKind::kDatabaseIo) << why;
}

TEST(Saturation, ReadWaitIsTheMeanReadTimePerSecondOfValidWindows) {
  SweepWindow a, b, flagged;
  for (SweepWindow* w : {&a, &b, &flagged}) {
    w->clients = 2;
    w->seconds = 20;
    w->reads_per_s = 1000;
  }
  a.read_ms = 8000;   // 0.4 backends waiting
  b.read_ms = 12000;  // 0.6
  flagged.read_ms = 200000;
  flagged.flags = {{Guard::kNoSwapping, "swap grew in the window"}};
  EXPECT_DOUBLE_EQ(StepFromWindows({a, b, flagged}).read_wait_backends, 0.5);
  // Reads without read time (track_io_timing off): unknown, not zero.
  b.read_ms = 0;
  EXPECT_EQ(StepFromWindows({a, b}).read_wait_backends, -1);
  // No reads, no read time: nobody waited.
  a.reads_per_s = b.reads_per_s = 0;
  a.read_ms = 0;
  EXPECT_EQ(StepFromWindows({a, b}).read_wait_backends, 0);
}

SweepWindow SaturationWindow(int clients, double tps, double p95, bool flagged) {
  SweepWindow w;
  w.clients = clients;
  w.tps = tps;
  w.latency_ms.p95 = p95;
  w.busy_cores = 1.9;
  w.cores = 2;
  if (flagged) w.flags.push_back({Guard::kNoRestarts, "server restarted during the window"});
  return w;
}

// Behind a service that opens a session per request, connecting is most of
// PostgreSQL's CPU: the finding names the pooler that keeps sessions open
// (pgpool; pgbouncer closes them, docs/tap.md). The figures are D3's TAP
// step at 8 clients (docs/scaling-run.md).
TEST(Saturation, ConnectingMostOfTheDatabasesCpuNamesThePoolerThatKeepsThem) {
  StepEvidence first = Step(1, 9.2, 180, 1.2);
  StepEvidence at = Step(8, 7.8, 1470, 1.97);
  at.client_cores = 0.04;
  at.service_cores = 0.42;  // left: 2 - 0.04 - 0.42 = 1.54 cores
  at.service_ceiling = 2;
  at.database_cores = 1.30;
  at.pg_ms_per_request = 165.7;
  at.conn_ms_per_request = 91.4;
  std::string why;
  EXPECT_EQ(ClassifyLimit(first, at, {}, &why), LimitKind::kDatabaseCpu) << why;
  EXPECT_NE(why.find("1.30 of the 1.54 cores"), std::string::npos) << why;
  EXPECT_NE(why.find("about 91.4 ms open the service's connection"), std::string::npos) << why;
  EXPECT_NE(why.find("--tap-pooler pgpool"), std::string::npos) << why;
  // Under half of it connecting: the queries, not the sessions.
  at.conn_ms_per_request = 0.49 * at.pg_ms_per_request;
  EXPECT_EQ(ClassifyLimit(first, at, {}, &why), LimitKind::kDatabaseCpu) << why;
  EXPECT_EQ(why.find("pooler"), std::string::npos) << why;
}

TEST(Saturation, AFlaggedWindowIsNeverAveragedIn) {
  // The flagged repetition would have hidden the saturation.
  const std::vector<SweepWindow> eight = {SaturationWindow(8, 5000, 3, false),
                                          SaturationWindow(8, 5000, 3, false)};
  const std::vector<SweepWindow> sixteen = {SaturationWindow(16, 5050, 6, false),
                                            SaturationWindow(16, 20000, 1, true)};
  const StepEvidence s16 = StepFromWindows(sixteen);
  EXPECT_DOUBLE_EQ(s16.tps, 5050);
  EXPECT_DOUBLE_EQ(s16.p95_ms, 6);
  EXPECT_TRUE(FindSaturation({StepFromWindows(eight), s16}).saturated);
  const MeanInterval tps = ValidInterval(sixteen, [](const SweepWindow& w) { return w.tps; });
  EXPECT_EQ(tps.n, 1);
  EXPECT_EQ(StepFromWindows({SaturationWindow(4, 100, 1, true)}).tps, 0);
}

}  // namespace
}  // namespace skyseed
