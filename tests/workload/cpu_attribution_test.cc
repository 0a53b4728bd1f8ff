// Attribution of a window's CPU on synthetic readings, through to the limit
// the sweep would name: one window contended by other processes, one bound
// by the database's own processes, one by the load generator.
#include "workload/cpu_attribution.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include "workload/sweep_window.h"

namespace skyseed {
namespace {

// Cumulative readings 10 s apart on a 2-core host.
constexpr double kWall = 10;
CpuReading At(double host, double database, double self) { return {host, database, self}; }

StepEvidence Evidence(const CpuShares& c, int clients, double tps, double p95) {
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
  if (HostContended(c, SaturationRule{})) w.flags.push_back("host-contended");
  return StepFromWindows({w});
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
  const StepEvidence first =
      Evidence(AttributeCpu(At(0, 0, 0), At(8, 5, 0.1), 1, kWall), 1, 1000, 2);
  const StepEvidence contended = Evidence(busy_neighbour, 8, 1020, 6);
  EXPECT_EQ(contended.tps, 0) << "a host-contended window is averaged into nothing";
  // Even unflagged, the rule asks for PostgreSQL's own processes.
  StepEvidence unflagged = contended;
  unflagged.tps = 1020;
  unflagged.p95_ms = 6;
  unflagged.busy_cores = busy_neighbour.busy_cores;
  unflagged.client_cores = busy_neighbour.client_cores;
  unflagged.database_cores = busy_neighbour.database_cores;
  std::string why;
  EXPECT_EQ(ClassifyLimit(first, unflagged, {}, &why), LimitKind::kUnknown) << why;
  EXPECT_NE(why.find("only 0.60"), std::string::npos) << why;
}

TEST(CpuAttribution, TheDatabasesOwnProcessesAtTheCoresLeftAreItsLimit) {
  const CpuShares db_bound = AttributeCpu(At(0, 0, 0), At(19.8, 16.5, 0.1), 3, kWall);
  EXPECT_FALSE(HostContended(db_bound, {}));
  const StepEvidence first =
      Evidence(AttributeCpu(At(0, 0, 0), At(8, 5, 0.1), 1, kWall), 1, 1000, 2);
  const StepEvidence at = Evidence(db_bound, 16, 5050, 6);
  std::string why;
  EXPECT_EQ(ClassifyLimit(first, at, {}, &why), LimitKind::kDatabaseCpu);
  EXPECT_NE(why.find("1.65 of the 1.70 cores"), std::string::npos) << why;
}

TEST(CpuAttribution, ABusyLoadGeneratorIsTheClientsLimit) {
  // pgbench used 1.1 of 2 cores (55 % of the host's busy time).
  const CpuShares client_bound = AttributeCpu(At(0, 0, 0), At(20, 8.5, 0.2), 11, kWall);
  const StepEvidence first =
      Evidence(AttributeCpu(At(0, 0, 0), At(8, 5, 0.1), 1, kWall), 1, 1000, 2);
  std::string why;
  EXPECT_EQ(ClassifyLimit(first, Evidence(client_bound, 16, 5050, 6), {}, &why), LimitKind::kClient)
      << why;
}

TEST(CpuAttribution, UnknownDatabaseLeavesTheHostWideRule) {
  // A server on another host: its CPU is not here to read.
  const CpuShares remote = AttributeCpu(At(0, -1, 0), At(19.6, -1, 0.2), 3, kWall);
  EXPECT_EQ(remote.database_cores, -1);
  EXPECT_FALSE(HostContended(remote, {}));
  const StepEvidence first =
      Evidence(AttributeCpu(At(0, -1, 0), At(8, -1, 0.1), 1, kWall), 1, 1000, 2);
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
