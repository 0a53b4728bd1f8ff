#include "common/process_proof.h"

#include <dirent.h>
#include <signal.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <sstream>
#include <thread>
#include <vector>

#include "common/file_reads.h"
#include "common/proc_stat.h"

namespace skyseed {
namespace {

std::string ProcFile(int pid, const char* name) {
  return "/proc/" + std::to_string(pid) + "/" + name;
}

// The real and effective uid of /proc/<pid>/status's "Uid:" line.
bool RunsAs(int pid, uid_t uid) {
  std::istringstream status(ReadWholeFileOrEmpty(ProcFile(pid, "status")));
  for (std::string line; std::getline(status, line);) {
    if (line.rfind("Uid:", 0) != 0) continue;
    std::istringstream ids(line.substr(4));
    long real = -1, effective = -1;
    ids >> real >> effective;
    return real == static_cast<long>(uid) && effective == static_cast<long>(uid);
  }
  return false;
}

// Whether /proc/<pid>/cgroup puts it in a group named `name` (v2's
// "0::/name", or a v1 hierarchy's "N:cpu,cpuacct:/name").
bool InCgroup(int pid, const std::string& name) {
  std::istringstream groups(ReadWholeFileOrEmpty(ProcFile(pid, "cgroup")));
  for (std::string line; std::getline(groups, line);) {
    const size_t colon = line.rfind(':');
    if (colon != std::string::npos && line.compare(colon + 1, std::string::npos, "/" + name) == 0) {
      return true;
    }
  }
  return false;
}

bool Proven(const ProcessProof& p) {
  const std::optional<ProcStat> s = ReadProcStat(p.pid);
  return s && s->state != 'Z' && s->start_ticks == p.start_ticks && RunsAs(p.pid, p.uid) &&
         (p.cgroup.empty() || InCgroup(p.pid, p.cgroup));
}

// The proofs of p's descendants running as its user, parents first.
std::vector<ProcessProof> Descendants(const ProcessProof& p) {
  std::vector<ProcStat> all;
  if (DIR* d = opendir("/proc")) {
    while (const dirent* e = readdir(d)) {
      const int pid = std::atoi(e->d_name);
      if (pid <= 0) continue;
      if (std::optional<ProcStat> s = ReadProcStat(pid)) all.push_back(*s);
    }
    closedir(d);
  }
  std::vector<ProcessProof> found = {p};
  for (size_t i = 0; i < found.size(); ++i) {
    for (const ProcStat& s : all) {
      if (s.ppid != found[i].pid || s.start_ticks < found[i].start_ticks) continue;
      if (std::optional<ProcessProof> child = ProveProcess(s.pid, p.uid, p.start_ticks)) {
        found.push_back(*child);
      }
    }
  }
  found.erase(found.begin());
  return found;
}

}  // namespace

std::string ProcessProof::Text() const {
  std::string text =
      std::to_string(pid) + " " + std::to_string(start_ticks) + " " + std::to_string(uid);
  return cgroup.empty() ? text : text + " " + cgroup;
}

std::optional<ProcessProof> ProcessProof::Parse(std::string_view text) {
  std::istringstream in{std::string(text)};
  ProcessProof p;
  long long uid = -1;
  if (!(in >> p.pid >> p.start_ticks >> uid) || p.pid <= 0 || uid < 0) return std::nullopt;
  p.uid = static_cast<uid_t>(uid);
  in >> p.cgroup;
  std::string extra;
  if (in >> extra || p.cgroup.find('/') != std::string::npos) return std::nullopt;
  return p;
}

uint64_t BootTicksNow() {
  timespec t{};
  clock_gettime(CLOCK_BOOTTIME, &t);
  const uint64_t hz = static_cast<uint64_t>(sysconf(_SC_CLK_TCK));
  return static_cast<uint64_t>(t.tv_sec) * hz + static_cast<uint64_t>(t.tv_nsec) * hz / 1000000000;
}

std::optional<ProcessProof> ProveProcess(int pid, uid_t uid, uint64_t not_before) {
  if (pid <= 0) return std::nullopt;
  const std::optional<ProcStat> s = ReadProcStat(pid);
  // A tick of slack: the kernel rounds a start time down to its tick.
  if (!s || s->state == 'Z' || s->start_ticks + 1 < not_before || !RunsAs(pid, uid)) {
    return std::nullopt;
  }
  ProcessProof p{pid, s->start_ticks, uid, ""};
  if (!Proven(p)) return std::nullopt;  // gone or reused while it was read
  return p;
}

bool StillRuns(const ProcessProof& p) { return p.pid > 0 && Proven(p); }

void SignalProven(const ProcessProof& p, int signal) {
  if (p.pid <= 0) return;
  // The pidfd holds the process: checked after it is open, the proof
  // cannot go stale before the signal.
  const int fd = static_cast<int>(syscall(SYS_pidfd_open, p.pid, 0));
  if (fd < 0) {
    // Kernels before 5.3: the proof, then the pid.
    if (errno == ENOSYS && Proven(p)) kill(p.pid, signal);
    return;
  }
  if (Proven(p)) (void)syscall(SYS_pidfd_send_signal, fd, signal, nullptr, 0);
  close(fd);
}

void KillInCgroup(int pid, const std::string& cgroup) {
  const int fd = static_cast<int>(syscall(SYS_pidfd_open, pid, 0));
  if (fd < 0) return;
  if (InCgroup(pid, cgroup)) (void)syscall(SYS_pidfd_send_signal, fd, SIGKILL, nullptr, 0);
  close(fd);
}

bool StopProven(const ProcessProof& p, int first_signal, double wait_s) {
  if (!StillRuns(p)) return true;
  std::vector<ProcessProof> all = Descendants(p);
  all.insert(all.begin(), p);
  SignalProven(p, first_signal);
  const auto any_left = [&all] {
    for (const ProcessProof& q : all) {
      if (StillRuns(q)) return true;
    }
    return false;
  };
  const auto deadline =
      std::chrono::steady_clock::now() + std::chrono::milliseconds(static_cast<int>(wait_s * 1000));
  while (any_left() && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  for (const ProcessProof& q : all) SignalProven(q, SIGKILL);
  for (int i = 0; i < 50 && any_left(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return !any_left();
}

}  // namespace skyseed
