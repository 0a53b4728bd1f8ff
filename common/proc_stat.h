// One process's line of /proc/<pid>/stat: the kernel's own accounting of
// the CPU a process used, and of the children it has reaped.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace skyseed {

struct ProcStat {
  int pid = 0;
  int ppid = 0;
  std::string comm;  // the command name, at most 15 bytes, may hold spaces and ')'
  // Clock ticks: this process's own, and those of the children it waited for.
  uint64_t utime = 0, stime = 0, cutime = 0, cstime = 0;

  double OwnCpuSeconds() const;
  // Its own and its reaped descendants' (a child's ticks reach the parent's
  // cutime/cstime when the parent waits for it).
  double CpuSecondsWithReaped() const;
};

// Parses the text of /proc/<pid>/stat; nullopt for anything else.
std::optional<ProcStat> ParseProcStat(std::string_view line);
// nullopt when the process is gone or not readable.
std::optional<ProcStat> ReadProcStat(int pid);

}  // namespace skyseed
