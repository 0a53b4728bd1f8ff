#include "common/cpu_clock.h"

#include <time.h>
#include <unistd.h>

#include <fstream>
#include <string>

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
  std::ifstream stat("/proc/stat");
  std::string cpu;
  unsigned long long user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0,
                     steal = 0;
  if (!(stat >> cpu >> user >> nice >> system >> idle >> iowait >> irq >> softirq >> steal) ||
      cpu != "cpu") {
    return std::nullopt;
  }
  // guest time is already inside user; steal is time this host could not run.
  return static_cast<double>(user + nice + system + irq + softirq) /
         static_cast<double>(sysconf(_SC_CLK_TCK));
}

}  // namespace skyseed
