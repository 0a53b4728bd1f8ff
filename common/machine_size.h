// The machine as skyseed may use it: the cores this process can run on and
// the memory it can take. One reading for every caller (the embedded
// server's settings, default parallelism, a sweep's and a tier's record), and
// the cgroup-aware one: under taskset, a cpuset, a CPU quota or a memory
// limit (a container, a CI runner) the host's own figures overstate what a
// run gets.
#pragma once

#include <cstdint>
#include <string>

namespace skyseed {

struct MachineSize {
  int cores = 1;              // >= 1
  uint64_t memory_bytes = 0;  // > 0
};

// This process's: online CPUs, lowered to its affinity mask and to its
// cgroup's CPU quota rounded up; physical memory lowered to its cgroup's
// memory limit.
MachineSize ReadMachineSize();

// The lowest memory limit of the cgroup named in `proc_self_cgroup` (the
// text of /proc/self/cgroup) and its ancestors under `cgroup_root` (v2
// memory.max, v1 memory/.../memory.limit_in_bytes); UINT64_MAX when none.
uint64_t CgroupMemoryLimit(const std::string& cgroup_root, const std::string& proc_self_cgroup);

// The lowest CPU quota, in cores, of that cgroup and its ancestors (v2
// cpu.max "QUOTA PERIOD", v1 cpu/.../cpu.cfs_quota_us over cpu.cfs_period_us);
// 0 when none.
double CgroupCpuQuota(const std::string& cgroup_root, const std::string& proc_self_cgroup);

}  // namespace skyseed
