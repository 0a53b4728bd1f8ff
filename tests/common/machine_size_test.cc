#include "common/machine_size.h"

#include <gtest/gtest.h>
#include <sched.h>
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>

namespace skyseed {
namespace {

constexpr uint64_t kMachineSizeGiB = uint64_t{1} << 30;

// A cgroup tree under a temporary root: each file of `limits` (a path under
// the root) holds its text.
std::filesystem::path CgroupTree(const std::map<std::string, std::string>& limits) {
  const std::filesystem::path root =
      std::filesystem::temp_directory_path() /
      ("skyseed-machine-size-test-" +
       std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "-" +
       ::testing::UnitTest::GetInstance()->current_test_info()->name());
  std::filesystem::remove_all(root);
  for (const auto& [file, text] : limits) {
    std::filesystem::create_directories((root / file).parent_path());
    std::ofstream(root / file) << text;
  }
  return root;
}

// cgroup v1, as on a host where a benchmark put the server in a cgroup of
// its own (no cgroup namespace): /proc/self/cgroup names the path, and the
// lowest limit on the way up to the memory mount counts.
TEST(CgroupMemoryLimitTest, FollowsTheProcessesOwnV1Cgroup) {
  const auto root = CgroupTree({{"memory/memory.limit_in_bytes", "9223372036854771712\n"},
                                {"memory/a/memory.limit_in_bytes", "8589934592\n"},
                                {"memory/a/b/memory.limit_in_bytes", "5368709120\n"},
                                {"memory/a/c/memory.limit_in_bytes", "9223372036854771712\n"}});
  EXPECT_EQ(CgroupMemoryLimit(root, "5:devices:/\n4:memory:/a/b\n0::/\n"), 5 * kMachineSizeGiB);
  EXPECT_EQ(CgroupMemoryLimit(root, "4:cpu,memory:/a/b\n"), 5 * kMachineSizeGiB)
      << "a joint hierarchy";
  EXPECT_EQ(CgroupMemoryLimit(root, "4:memory:/a/c\n"), 8 * kMachineSizeGiB)
      << "the parent's limit holds";
  EXPECT_EQ(CgroupMemoryLimit(root, "4:memory:/a\n"), 8 * kMachineSizeGiB);
  EXPECT_EQ(CgroupMemoryLimit(root, "4:memory:/\n"), uint64_t{9223372036854771712u});
  std::filesystem::remove_all(root);
}

// cgroup v2: memory.max along the path; "max" is no limit. A container with
// a cgroup namespace sees "0::/" and its limit at the mount's top.
TEST(CgroupMemoryLimitTest, FollowsTheV2PathAndItsAncestors) {
  const auto root = CgroupTree({{"memory.max", "max\n"},
                                {"x/memory.max", "2147483648\n"},
                                {"x/y/memory.max", "max\n"},
                                {"z/memory.max", "max\n"}});
  EXPECT_EQ(CgroupMemoryLimit(root, "0::/x/y\n"), 2 * kMachineSizeGiB);
  EXPECT_EQ(CgroupMemoryLimit(root, "0::/z\n"), UINT64_MAX);
  EXPECT_EQ(CgroupMemoryLimit(root, "0::/\n"), UINT64_MAX);
  EXPECT_EQ(CgroupMemoryLimit(root, ""), UINT64_MAX) << "nothing readable: no limit";
  std::ofstream(root / "memory.max") << "1073741824\n";
  EXPECT_EQ(CgroupMemoryLimit(root, "0::/\n"), 1 * kMachineSizeGiB);
  EXPECT_EQ(CgroupMemoryLimit(root, "0::/x/y\n"), 1 * kMachineSizeGiB);
  std::filesystem::remove_all(root);
}

// cgroup v2's cpu.max ("QUOTA PERIOD", or "max PERIOD") along the path:
// the lowest quota of the cgroup and its ancestors counts.
TEST(CgroupCpuQuotaTest, FollowsTheV2PathAndItsAncestors) {
  const auto root = CgroupTree({{"cpu.max", "max 100000\n"},
                                {"x/cpu.max", "150000 100000\n"},
                                {"x/y/cpu.max", "max 100000\n"},
                                {"x/z/cpu.max", "25000 100000\n"}});
  EXPECT_DOUBLE_EQ(CgroupCpuQuota(root, "0::/x/y\n"), 1.5);
  EXPECT_DOUBLE_EQ(CgroupCpuQuota(root, "0::/x/z\n"), 0.25);
  EXPECT_EQ(CgroupCpuQuota(root, "0::/\n"), 0) << "no quota";
  EXPECT_EQ(CgroupCpuQuota(root, ""), 0) << "nothing readable: no quota";
  std::filesystem::remove_all(root);
}

// cgroup v1 (this host's kind: the cpu controller on v1, mounted as "cpu"
// or "cpu,cpuacct"): cfs_quota_us over cfs_period_us, -1 for none.
TEST(CgroupCpuQuotaTest, FollowsTheV1CpuHierarchy) {
  const auto root = CgroupTree({{"cpu/cpu.cfs_quota_us", "-1\n"},
                                {"cpu/cpu.cfs_period_us", "100000\n"},
                                {"cpu/a/cpu.cfs_quota_us", "300000\n"},
                                {"cpu/a/cpu.cfs_period_us", "100000\n"},
                                {"cpu,cpuacct/b/cpu.cfs_quota_us", "50000\n"},
                                {"cpu,cpuacct/b/cpu.cfs_period_us", "200000\n"}});
  EXPECT_DOUBLE_EQ(CgroupCpuQuota(root, "3:cpu,cpuacct:/a\n"), 3);
  EXPECT_DOUBLE_EQ(CgroupCpuQuota(root, "3:cpu,cpuacct:/b\n"), 0.25);
  EXPECT_EQ(CgroupCpuQuota(root, "3:cpu,cpuacct:/\n"), 0);
  EXPECT_EQ(CgroupCpuQuota(root, "4:memory:/a\n"), 0) << "another controller's path";
  std::filesystem::remove_all(root);
}

// This process's reading against the kernel's own figures, read here by
// another route: the affinity mask bounds the cores, the cgroup quota (if
// any) bounds them further, and memory is at most MemTotal.
TEST(MachineSizeTest, ReadsThisProcessesShareOfTheMachine) {
  const MachineSize m = ReadMachineSize();
  cpu_set_t set;
  CPU_ZERO(&set);
  ASSERT_EQ(sched_getaffinity(0, sizeof(set), &set), 0);
  EXPECT_GE(m.cores, 1);
  EXPECT_LE(m.cores, CPU_COUNT(&set));
  std::ifstream meminfo("/proc/meminfo");
  std::string name;
  uint64_t kib = 0;
  ASSERT_TRUE(meminfo >> name >> kib);
  ASSERT_EQ(name, "MemTotal:");
  EXPECT_LE(m.memory_bytes, kib * 1024);
  EXPECT_GT(m.memory_bytes, uint64_t{64} << 20);
}

}  // namespace
}  // namespace skyseed
