#include "common/machine_size.h"

#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <functional>
#include <optional>
#include <sstream>

#include "common/file_reads.h"

namespace skyseed {
namespace {

namespace fs = std::filesystem;

// A limit file's numbers: "5368709120", "150000 100000"; none for "max"
// (v2), "-1" (v1) or anything unreadable.
std::optional<std::pair<double, double>> NumbersIn(const fs::path& file) {
  std::istringstream in(ReadWholeFileOrEmpty(file));
  double first = 0, second = 0;
  if (!(in >> first) || first <= 0) return std::nullopt;
  if (!(in >> second)) second = 0;
  return std::make_pair(first, second);
}

// Calls visit(dir) for the cgroup of each line of /proc/self/cgroup that
// holds `controller` ("" for v2's unified "0::" line) and for each ancestor
// up to the mount's top, where a container with its own cgroup namespace
// finds its limit.
void ForEachCgroupDir(const std::string& cgroup_root, const std::string& proc_self_cgroup,
                      const char* v1_controller, const char* v1_mount,
                      const std::function<void(const fs::path&)>& visit) {
  const auto upwards = [&](const fs::path& top, const std::string& path) {
    const fs::path below = fs::path(path).relative_path();
    fs::path dir = below.empty() ? top : top / below;
    for (;;) {
      visit(dir);
      if (dir == top || !dir.has_relative_path() || dir.parent_path() == dir) break;
      dir = dir.parent_path();
    }
  };
  // Lines "hierarchy:controllers:path": v2's "0::/path", v1's "4:memory:/path".
  std::istringstream lines(proc_self_cgroup);
  for (std::string line; std::getline(lines, line);) {
    const size_t a = line.find(':'), b = a == std::string::npos ? a : line.find(':', a + 1);
    if (b == std::string::npos) continue;
    const std::string controllers = line.substr(a + 1, b - a - 1), path = line.substr(b + 1);
    if (line.compare(0, a, "0") == 0 && controllers.empty()) {
      upwards(fs::path(cgroup_root), path);
      continue;
    }
    std::istringstream names(controllers);
    for (std::string name; std::getline(names, name, ',');) {
      if (name == v1_controller) upwards(fs::path(cgroup_root) / v1_mount, path);
    }
  }
}

std::string ProcSelfCgroup() {
  const std::string text = ReadWholeFileOrEmpty("/proc/self/cgroup");
  return text.empty() ? "0::/\n" : text;
}

}  // namespace

uint64_t CgroupMemoryLimit(const std::string& cgroup_root, const std::string& proc_self_cgroup) {
  uint64_t limit = UINT64_MAX;
  ForEachCgroupDir(cgroup_root, proc_self_cgroup, "memory", "memory", [&](const fs::path& dir) {
    for (const char* file : {"memory.max", "memory.limit_in_bytes"}) {
      std::istringstream in(ReadWholeFileOrEmpty(dir / file));
      uint64_t bytes = 0;
      if (in >> bytes && bytes > 0) limit = std::min(limit, bytes);
    }
  });
  return limit;
}

double CgroupCpuQuota(const std::string& cgroup_root, const std::string& proc_self_cgroup) {
  double cores = 0;
  const auto lower = [&cores](double quota) {
    if (quota > 0 && (cores == 0 || quota < cores)) cores = quota;
  };
  // v1 mounts the cpu controller as "cpu", "cpu,cpuacct" or both (links).
  for (const char* mount : {"cpu", "cpu,cpuacct"}) {
    ForEachCgroupDir(cgroup_root, proc_self_cgroup, "cpu", mount, [&](const fs::path& dir) {
      if (const auto v2 = NumbersIn(dir / "cpu.max"); v2 && v2->second > 0) {
        lower(v2->first / v2->second);
      }
      const auto quota = NumbersIn(dir / "cpu.cfs_quota_us");
      const auto period = NumbersIn(dir / "cpu.cfs_period_us");
      if (quota && period) lower(quota->first / period->first);
    });
  }
  return cores;
}

MachineSize ReadMachineSize() {
  MachineSize m;
  const long online = sysconf(_SC_NPROCESSORS_ONLN);
  m.cores = online > 0 ? static_cast<int>(online) : 1;
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof(set), &set) == 0 && CPU_COUNT(&set) > 0) {
    m.cores = std::min(m.cores, CPU_COUNT(&set));
  }
  const std::string cgroup = ProcSelfCgroup();
  if (const double quota = CgroupCpuQuota("/sys/fs/cgroup", cgroup); quota > 0) {
    m.cores = std::max(1, std::min(m.cores, static_cast<int>(std::ceil(quota - 1e-9))));
  }
  const long pages = sysconf(_SC_PHYS_PAGES), page_size = sysconf(_SC_PAGE_SIZE);
  m.memory_bytes = pages > 0 && page_size > 0
                       ? static_cast<uint64_t>(pages) * static_cast<uint64_t>(page_size)
                       : uint64_t{4} << 30;  // unknown: assume a small machine
  m.memory_bytes = std::min(m.memory_bytes, CgroupMemoryLimit("/sys/fs/cgroup", cgroup));
  return m;
}

}  // namespace skyseed
