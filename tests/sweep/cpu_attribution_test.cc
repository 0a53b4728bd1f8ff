// Attribution of a window's CPU on synthetic readings, through to the limit
// the sweep would name: one window contended by other processes, one bound
// by the database's own processes, one by the load generator; and a failed
// load generator's reason in its window's flag.
#include "sweep/cpu_attribution.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include "capacity/saturation.h"
#include "sweep/window_frame.h"
#include "sweep_record/sweep_window.h"

namespace skyseed {
namespace {

// Cumulative readings 10 s apart on a 2-core host.
constexpr double kWall = 10;
CpuReading At(double host, double database, double self) { return {host, database, self}; }

// A window measured with these shares, unflagged.
SweepWindow WindowOf(const CpuShares& c, int clients, double tps, double p95) {
  SweepWindow w;
  w.clients = clients;
  w.tps = tps;
  w.latency_ms.p95 = p95;
  w.cores = 2;
  w.client_threads = 2;
  w.busy_cores = c.busy_cores;
  w.client_cores = c.client_cores;
  w.database_cores = c.database_cores;
  w.other_cores = c.other_cores;
  return w;
}

// The step of that one window, flagged as the sweep flags it.
StepEvidence Evidence(const CpuShares& c, int clients, double tps, double p95) {
  SweepWindow w = WindowOf(c, clients, tps, p95);
  if (HostContended(c, SaturationRule{}))
    w.flags.push_back({Guard::kHostUncontended, "host-contended"});
  return StepFromWindows({w});
}

// One client on a quiet host: PostgreSQL 0.5 cores (or not on this host).
StepEvidence FirstStep(bool database_known = true) {
  const CpuReading before = At(0, database_known ? 0 : -1, 0);
  const CpuReading after = At(8, database_known ? 5 : -1, 0.1);
  return Evidence(AttributeCpu(before, after, 1, kWall), 1, 1000, 2);
}

TEST(CpuAttribution, SharesAddUpToTheHostsBusyTime) {
  // Host 19 s busy: PostgreSQL 12 s, pgbench 3 s, skyseed 0.5 s, others 3.5 s.
  const CpuShares c = AttributeCpu(At(100, 50, 1), At(119, 62, 1.5), 3, kWall);
  EXPECT_DOUBLE_EQ(c.busy_cores, 1.9);
  EXPECT_DOUBLE_EQ(c.database_cores, 1.2);
  EXPECT_DOUBLE_EQ(c.client_cores, 0.3);
  EXPECT_NEAR(c.other_cores, 0.35, 1e-12);
}

TEST(CpuAttribution, AnotherProcessesCpuIsNotTheDatabasesLimit) {
  // The host is 98 % busy, but PostgreSQL used only 0.6 cores: a neighbour
  // held 1.0. Host-wide, this would have read as database-cpu.
  const CpuShares busy_neighbour = AttributeCpu(At(0, 0, 0), At(19.6, 6, 0.2), 3, kWall);
  EXPECT_TRUE(HostContended(busy_neighbour, {}));
  const StepEvidence first = FirstStep();
  const StepEvidence contended = Evidence(busy_neighbour, 8, 1020, 6);
  EXPECT_EQ(contended.tps, 0) << "a host-contended window is averaged into nothing";
  // Even unflagged, the rule asks for PostgreSQL's own processes.
  const StepEvidence unflagged = StepFromWindows({WindowOf(busy_neighbour, 8, 1020, 6)});
  std::string why;
  EXPECT_EQ(ClassifyLimit(first, unflagged, {}, &why), LimitKind::kUnknown) << why;
  EXPECT_NE(why.find("only 0.60"), std::string::npos) << why;
}

TEST(CpuAttribution, TheDatabasesOwnProcessesAtTheCoresLeftAreItsLimit) {
  const CpuShares db_bound = AttributeCpu(At(0, 0, 0), At(19.8, 16.5, 0.1), 3, kWall);
  EXPECT_FALSE(HostContended(db_bound, {}));
  const StepEvidence first = FirstStep();
  const StepEvidence at = Evidence(db_bound, 16, 5050, 6);
  std::string why;
  EXPECT_EQ(ClassifyLimit(first, at, {}, &why), LimitKind::kDatabaseCpu);
  EXPECT_NE(why.find("1.65 of the 1.70 cores"), std::string::npos) << why;
}

TEST(CpuAttribution, ABusyLoadGeneratorIsTheClientsLimit) {
  // pgbench used 1.1 of 2 cores (55 % of the host's busy time).
  const CpuShares client_bound = AttributeCpu(At(0, 0, 0), At(20, 8.5, 0.2), 11, kWall);
  const StepEvidence first = FirstStep();
  std::string why;
  EXPECT_EQ(ClassifyLimit(first, Evidence(client_bound, 16, 5050, 6), {}, &why), LimitKind::kClient)
      << why;
}

TEST(CpuAttribution, UnknownDatabaseLeavesTheHostWideRule) {
  // A server on another host: its CPU is not here to read.
  const CpuShares remote = AttributeCpu(At(0, -1, 0), At(19.6, -1, 0.2), 3, kWall);
  EXPECT_EQ(remote.database_cores, -1);
  EXPECT_FALSE(HostContended(remote, {}));
  const StepEvidence first = FirstStep(/*database_known=*/false);
  std::string why;
  EXPECT_EQ(ClassifyLimit(first, Evidence(remote, 8, 1020, 6), {}, &why), LimitKind::kDatabaseCpu);
  EXPECT_NE(why.find("not on this host"), std::string::npos) << why;
}

TEST(CpuAttribution, NoPostmasterBehindANonPostgresProcess) {
  EXPECT_EQ(LocalPostmasterPid(getpid()), 0);
  EXPECT_EQ(LocalPostmasterPid(0), 0);
}

}  // namespace
}  // namespace skyseed

namespace skyseed {
namespace {

// A load generator that failed says why in its window's flag: the last line
// it wrote (tapbench's error, in a sweep's child, used to be dropped, and
// every window read "tapbench exited with code 1").
TEST(GeneratorGuards, AFailedGeneratorsLastLineIsInItsFlag) {
  const GeneratorSummary tapbench{"tapbench", "requests: ", "requests", "tapbench client thread"};
  ProcessRun failed;
  failed.exit_code = 1;
  SweepWindow w;
  w.client_threads = 1;
  ApplyGeneratorGuards(tapbench, SaturationRule{}, failed,
                       "starting 2 clients\ntapbench: cannot write out/requests.log: No such "
                       "file or directory\n\n",
                       0, &w);
  ASSERT_FALSE(w.flags.empty());
  EXPECT_EQ(w.flags[0].guard, Guard::kGeneratorCompleted);
  EXPECT_EQ(w.flags[0].text,
            "tapbench exited with code 1: tapbench: cannot write out/requests.log: No such file "
            "or directory");
  SweepWindow silent;
  silent.client_threads = 1;
  ApplyGeneratorGuards(tapbench, SaturationRule{}, failed, "", 0, &silent);
  ASSERT_FALSE(silent.flags.empty());
  EXPECT_EQ(silent.flags[0].text, "tapbench exited with code 1");
  SweepWindow fine;
  fine.client_threads = 1;
  ProcessRun ok;
  ApplyGeneratorGuards(tapbench, SaturationRule{}, ok, "requests: 0\n", 0, &fine);
  EXPECT_TRUE(fine.flags.empty());
}

}  // namespace
}  // namespace skyseed
