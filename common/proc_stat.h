// The kernel's own accounting of CPU time, as /proc states it: one
// process's line of /proc/<pid>/stat (the CPU it used, and that of the
// children it has reaped), and the host's "cpu" line of /proc/stat (what
// every core has done since boot). The only readers of either file.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace skyseed {

struct ProcStat {
  int pid = 0;
  int ppid = 0;
  char state = '?';  // R, S, D, Z (a zombie waiting for its reaper), ...
  std::string comm;  // the command name, at most 15 bytes, may hold spaces and ')'
  // Clock ticks: this process's own, and those of the children it waited for.
  uint64_t utime = 0, stime = 0, cutime = 0, cstime = 0;
  // When it started, in clock ticks since boot (field 22): with the pid, it
  // names one process for as long as the host runs.
  uint64_t start_ticks = 0;

  double OwnCpuSeconds() const;
  // Its own and its reaped descendants' (a child's ticks reach the parent's
  // cutime/cstime when the parent waits for it).
  double CpuSecondsWithReaped() const;
};

// Parses the text of /proc/<pid>/stat; nullopt for anything else.
std::optional<ProcStat> ParseProcStat(std::string_view line);
// nullopt when the process is gone or not readable.
std::optional<ProcStat> ReadProcStat(int pid);

// Clock ticks all of this host's cores have spent in each state since boot.
struct HostCpuTicks {
  uint64_t user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0;

  // The one definition of a busy host, for every figure skyseed reports
  // about it (a grow's CPU use, a sweep window's share of others): ticks in
  // which this host's cores ran some process or the kernel, i.e. user, nice,
  // system, irq and softirq. Idle and iowait are a core with nothing to run.
  // Steal is left out too: it is time the hypervisor gave the core to
  // another guest, in which nothing of this host ran, so no process here
  // can be charged with it; counted as busy, a throttled VM would look as if
  // local neighbours held the cores (a sweep window flagged host-contended
  // for CPU no process here used). Guest time is inside user already.
  uint64_t Busy() const;
  double BusySeconds() const;
};
// Parses the "cpu" line (the first) of /proc/stat; nullopt for anything else.
std::optional<HostCpuTicks> ParseHostCpuLine(std::string_view line);
// nullopt when /proc/stat is not readable (not Linux).
std::optional<HostCpuTicks> ReadHostCpuTicks();

}  // namespace skyseed
