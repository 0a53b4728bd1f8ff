#include "common/cpu_clock.h"

#include <time.h>
#include <unistd.h>

#include <fstream>
#include <sstream>
#include <string>

namespace skyseed {

double ThreadCpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + ts.tv_nsec * 1e-9;
}

std::optional<double> ProcessCpuSeconds(int pid, const char* name) {
  const std::string dir = "/proc/" + std::to_string(pid);
  std::ifstream comm(dir + "/comm");
  std::string command;
  if (!std::getline(comm, command) || command.rfind(name, 0) != 0) return std::nullopt;
  std::ifstream stat(dir + "/stat");
  std::string text;
  if (!std::getline(stat, text)) return std::nullopt;
  // The command name is in parentheses and may hold spaces: fields are
  // counted from the last ')'; utime and stime are fields 14 and 15.
  const size_t close = text.rfind(')');
  if (close == std::string::npos) return std::nullopt;
  std::istringstream fields(text.substr(close + 2));
  std::string skip;
  for (int field = 3; field < 14; ++field) fields >> skip;
  unsigned long long utime = 0, stime = 0;
  if (!(fields >> utime >> stime)) return std::nullopt;
  return static_cast<double>(utime + stime) / static_cast<double>(sysconf(_SC_CLK_TCK));
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
