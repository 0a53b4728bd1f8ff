// A CPU limit like a container's: a control group of its own with a CFS
// bandwidth quota, whose throttling is read back. Pod CPU limits are this
// mechanism; a service measured under one shows the same ceiling (and the
// same throttling) as in the users' clusters. cgroup v2's cpu.max where the
// cpu controller is on the unified hierarchy; v1's cpu.cfs_quota_us where it
// is on a v1 hierarchy (hosts in hybrid mode).
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "common/status.h"

namespace skyseed {

// Cumulative figures of a group's cpu.stat; differences are a window's.
struct CpuThrottling {
  uint64_t periods = 0;            // CFS periods in which the group could run
  uint64_t throttled_periods = 0;  // ... and ran out of quota
  double throttled_s = 0;          // time its tasks waited for the next period
};
CpuThrottling operator-(const CpuThrottling& after, const CpuThrottling& before);

inline constexpr double kCfsPeriodSeconds = 0.1;  // the period skyseed sets (100 ms)

// InvalidArgument when this process cannot make groups under the cpu
// controller (not root, no cpu controller mounted): checked with the
// options, before anything is started.
Status CheckCpuLimitAvailable();

class CpuLimitGroup {
 public:
  // A group named `name` (a prefix ending in this process's pid, so a later
  // run can remove the groups of a killed one) allowing `cpus` cores.
  static Result<std::unique_ptr<CpuLimitGroup>> Create(const std::string& name, double cpus);
  ~CpuLimitGroup();  // Remove(); a failure goes to stderr
  CpuLimitGroup(const CpuLimitGroup&) = delete;
  CpuLimitGroup& operator=(const CpuLimitGroup&) = delete;

  // Moves the process, every thread of it and its later children in.
  Status Add(int pid);
  Result<CpuThrottling> Read() const;
  // "cgroup v1 /sys/fs/cgroup/cpu/skyseed-tap-812-0: 25000 us per 100000 us"
  std::string Describe() const;
  // Removes the group; its processes must have exited.
  Status Remove();

 private:
  CpuLimitGroup(std::string path, bool v2, double cpus, long quota_us)
      : path_(std::move(path)), v2_(v2), cpus_(cpus), quota_us_(quota_us) {}
  std::string path_;
  bool v2_;
  double cpus_;
  long quota_us_;  // per kCfsPeriodSeconds
  bool removed_ = false;
};

// The group named `name` emptied (SIGKILL to every process in it: skyseed
// made it, so only what skyseed put there, and their children, are) and
// removed. Ok when there is no such group.
Status EmptyAndRemoveCpuGroup(const std::string& name);

}  // namespace skyseed
