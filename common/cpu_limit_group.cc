#include "common/cpu_limit_group.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <sstream>
#include <thread>

#include "common/file_reads.h"
#include "common/process_proof.h"

namespace fs = std::filesystem;

namespace skyseed {
namespace {

// Up to 10 s for a group's last process to be gone before it is removed.
constexpr int kRemoveAttempts = 200;
constexpr std::chrono::milliseconds kRemoveRetryInterval{50};

struct Hierarchy {
  std::string base;  // where skyseed's groups go; empty: none
  bool v2 = false;
};

bool HasWord(const std::string& list, const std::string& word, char separator) {
  std::stringstream in(list);
  for (std::string item; std::getline(in, item, separator);) {
    if (item == word) return true;
  }
  return false;
}

// The cpu controller's hierarchy: on the unified one when it is listed
// there, else the v1 mount that carries it.
Hierarchy FindHierarchy() {
  std::stringstream mounts(ReadWholeFileOrEmpty("/proc/self/mounts"));
  Hierarchy v1;
  for (std::string line; std::getline(mounts, line);) {
    std::stringstream fields(line);
    std::string device, point, type, options;
    fields >> device >> point >> type >> options;
    if (type == "cgroup2") {
      std::string controllers = ReadWholeFileOrEmpty(fs::path(point) / "cgroup.controllers");
      for (char& c : controllers) c = c == '\n' ? ' ' : c;
      if (HasWord(controllers, "cpu", ' ')) return {point, true};
    } else if (type == "cgroup" && HasWord(options, "cpu", ',')) {
      v1 = {point, false};
    }
  }
  return v1;
}

// cgroup files take one write each, in place (never a rename).
Status WriteControl(const fs::path& file, const std::string& text) {
  const int fd = open(file.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) return Status::IoError(file.string() + ": " + std::strerror(errno));
  const ssize_t n = write(fd, text.data(), text.size());
  const int saved = errno;
  close(fd);
  if (n != static_cast<ssize_t>(text.size())) {
    return Status::IoError("writing '" + text + "' to " + file.string() + ": " +
                           std::strerror(saved));
  }
  return Status::Ok();
}

uint64_t StatValue(const std::string& stat, const std::string& key) {
  std::stringstream in(stat);
  for (std::string k; in >> k;) {
    uint64_t v = 0;
    if (!(in >> v)) return 0;
    if (k == key) return v;
  }
  return 0;
}

}  // namespace

CpuThrottling operator-(const CpuThrottling& after, const CpuThrottling& before) {
  CpuThrottling d;
  d.periods = after.periods >= before.periods ? after.periods - before.periods : 0;
  d.throttled_periods = after.throttled_periods >= before.throttled_periods
                            ? after.throttled_periods - before.throttled_periods
                            : 0;
  d.throttled_s = std::max(0.0, after.throttled_s - before.throttled_s);
  return d;
}

Status CheckCpuLimitAvailable() {
  const Hierarchy h = FindHierarchy();
  if (h.base.empty()) {
    return Status::InvalidArgument(
        "--tap-cpus needs the cgroup cpu controller, and this host mounts none");
  }
  if (access(h.base.c_str(), W_OK) != 0) {
    return Status::InvalidArgument("--tap-cpus makes a cgroup under " + h.base +
                                   ", which this user cannot write (run as root)");
  }
  return Status::Ok();
}

Result<std::unique_ptr<CpuLimitGroup>> CpuLimitGroup::Create(const std::string& name, double cpus) {
  const Hierarchy h = FindHierarchy();
  if (h.base.empty()) return Status::InvalidArgument("no cgroup cpu controller on this host");
  if (h.v2 &&
      !HasWord(ReadWholeFileOrEmpty(fs::path(h.base) / "cgroup.subtree_control"), "cpu", ' ')) {
    SKYSEED_RETURN_IF_ERROR(WriteControl(fs::path(h.base) / "cgroup.subtree_control", "+cpu"));
  }
  const fs::path path = fs::path(h.base) / name;
  if (mkdir(path.c_str(), 0755) != 0 && errno != EEXIST) {
    return Status::IoError("cannot make cgroup " + path.string() + ": " + std::strerror(errno));
  }
  const long period_us = std::lround(kCfsPeriodSeconds * 1e6);
  // The kernel's smallest quota is 1 ms.
  const long quota_us = std::max(1000L, std::lround(cpus * period_us));
  std::unique_ptr<CpuLimitGroup> g(new CpuLimitGroup(path.string(), h.v2, cpus, quota_us));
  if (h.v2) {
    SKYSEED_RETURN_IF_ERROR(
        WriteControl(path / "cpu.max", std::to_string(quota_us) + " " + std::to_string(period_us)));
  } else {
    SKYSEED_RETURN_IF_ERROR(WriteControl(path / "cpu.cfs_period_us", std::to_string(period_us)));
    SKYSEED_RETURN_IF_ERROR(WriteControl(path / "cpu.cfs_quota_us", std::to_string(quota_us)));
  }
  return g;
}

CpuLimitGroup::~CpuLimitGroup() {
  const Status s = Remove();
  if (!s.ok()) std::fprintf(stderr, "skyseed: %s\n", s.message().c_str());
}

Status CpuLimitGroup::Add(int pid) {
  return WriteControl(fs::path(path_) / "cgroup.procs", std::to_string(pid))
      .Annotate("putting pid " + std::to_string(pid) + " under its CPU limit");
}

Result<CpuThrottling> CpuLimitGroup::Read() const {
  const std::string stat = ReadWholeFileOrEmpty(fs::path(path_) / "cpu.stat");
  if (stat.empty()) return Status::IoError("cannot read " + path_ + "/cpu.stat");
  CpuThrottling t;
  t.periods = StatValue(stat, "nr_periods");
  t.throttled_periods = StatValue(stat, "nr_throttled");
  t.throttled_s =
      v2_ ? StatValue(stat, "throttled_usec") / 1e6 : StatValue(stat, "throttled_time") / 1e9;
  return t;
}

std::string CpuLimitGroup::Describe() const {
  char buf[96];
  std::snprintf(buf, sizeof buf, ": %ld us per %.0f us (%g CPUs)", quota_us_,
                kCfsPeriodSeconds * 1e6, cpus_);
  return std::string(v2_ ? "cgroup v2 " : "cgroup v1 ") + path_ + buf;
}

Status CpuLimitGroup::Remove() {
  if (removed_) return Status::Ok();
  removed_ = true;
  // A process stopped a moment ago leaves its group only once the kernel
  // has finished its exit, and a zombie until its reaper (often PID 1, for
  // a daemon) collects it: EBUSY until then, longer on a busy host.
  for (int attempt = 0; attempt < kRemoveAttempts; ++attempt) {
    if (rmdir(path_.c_str()) == 0 || errno == ENOENT) return Status::Ok();
    if (errno != EBUSY) break;
    std::this_thread::sleep_for(kRemoveRetryInterval);
  }
  return Status::IoError("cannot remove cgroup " + path_ + ": " + std::strerror(errno));
}

Status EmptyAndRemoveCpuGroup(const std::string& name) {
  const Hierarchy h = FindHierarchy();
  if (h.base.empty() || name.empty() || name.find('/') != std::string::npos) return Status::Ok();
  const fs::path path = fs::path(h.base) / name;
  for (int attempt = 0; attempt < kRemoveAttempts; ++attempt) {
    if (rmdir(path.c_str()) == 0 || errno == ENOENT) return Status::Ok();
    if (errno != EBUSY) break;
    std::stringstream procs(ReadWholeFileOrEmpty(path / "cgroup.procs"));
    for (int pid = 0; procs >> pid;) KillInCgroup(pid, name);
    std::this_thread::sleep_for(kRemoveRetryInterval);
  }
  return Status::IoError("cannot remove cgroup " + path.string() + ": " + std::strerror(errno));
}

}  // namespace skyseed
