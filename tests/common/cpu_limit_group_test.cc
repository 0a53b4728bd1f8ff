// A CPU limit as the kernel enforces it: a busy child under 0.2 CPUs gets
// about 0.2 s of CPU per wall second, by its own rusage (not the group's
// figures), and the group records the throttling.
#include "common/cpu_limit_group.h"

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <string>

namespace skyseed {
namespace {

double Seconds(const timeval& t) { return static_cast<double>(t.tv_sec) + t.tv_usec / 1e6; }

TEST(CpuLimitGroup, ThrottlesABusyProcessToItsQuota) {
  if (!CheckCpuLimitAvailable().ok()) GTEST_SKIP() << CheckCpuLimitAvailable().message();
  const std::string name = "skyseed-test-" + std::to_string(getpid()) + "-0";
  Result<std::unique_ptr<CpuLimitGroup>> group = CpuLimitGroup::Create(name, 0.2);
  ASSERT_TRUE(group.ok()) << group.status().message();
  const std::string path = (*group)->Describe();
  EXPECT_NE(path.find("20000 us per 100000 us"), std::string::npos) << path;
  Result<CpuThrottling> before = (*group)->Read();
  ASSERT_TRUE(before.ok());

  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    volatile uint64_t spins = 0;
    for (;;) spins = spins + 1;
  }
  ASSERT_TRUE((*group)->Add(child).ok());
  const auto start = std::chrono::steady_clock::now();
  usleep(1'500'000);
  kill(child, SIGKILL);
  int status = 0;
  rusage usage{};
  ASSERT_EQ(wait4(child, &status, 0, &usage), child);
  const double wall =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const double cpu = Seconds(usage.ru_utime) + Seconds(usage.ru_stime);
  EXPECT_LT(cpu, 0.2 * wall * 1.3 + 0.05) << "cpu " << cpu << " s in " << wall << " s";
  EXPECT_GT(cpu, 0.2 * wall * 0.5) << "the child hardly ran";

  Result<CpuThrottling> after = (*group)->Read();
  ASSERT_TRUE(after.ok());
  const CpuThrottling d = *after - *before;
  EXPECT_GE(d.periods, 10u);
  EXPECT_GE(d.throttled_periods, d.periods / 2) << "a spinning child is throttled most periods";
  // Throttled from when it has used its 20 ms until the period ends: ~80 %
  // of the wall time alone, less when other work shares the cores (ctest
  // runs tests side by side; at a third of a core, ~40 %).
  EXPECT_GT(d.throttled_s, 0.25 * wall);
  EXPECT_LT(d.throttled_s, wall);
  EXPECT_TRUE((*group)->Remove().ok());
}

}  // namespace
}  // namespace skyseed
