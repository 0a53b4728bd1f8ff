// CPU seconds of the calling thread and of another process on this host:
// what a task keeps a core busy for, as opposed to the wall time it spends
// waiting for one on a crowded machine.
#pragma once

#include <optional>

namespace skyseed {

double ThreadCpuSeconds();
// utime + stime of process `pid` from /proc, if it is a process of this
// host whose command name starts with `name` (a PostgreSQL backend seen
// through another PID namespace, or a remote server's pid, is not).
std::optional<double> ProcessCpuSeconds(int pid, const char* name);
// CPU seconds every core of this host has spent busy since boot, whoever
// ran, as HostCpuTicks::Busy defines it (steal left out, and why).
std::optional<double> HostBusyCpuSeconds();

}  // namespace skyseed
