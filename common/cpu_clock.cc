#include "common/cpu_clock.h"

#include <time.h>

#include "common/proc_stat.h"

namespace skyseed {

double ThreadCpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + ts.tv_nsec * 1e-9;
}

std::optional<double> ProcessCpuSeconds(int pid, const char* name) {
  const std::optional<ProcStat> p = ReadProcStat(pid);
  if (!p || p->comm.rfind(name, 0) != 0) return std::nullopt;
  return p->OwnCpuSeconds();
}

std::optional<double> HostBusyCpuSeconds() {
  const std::optional<HostCpuTicks> ticks = ReadHostCpuTicks();
  if (!ticks) return std::nullopt;
  return ticks->BusySeconds();
}

}  // namespace skyseed
