#include "common/proc_stat.h"

#include <unistd.h>

#include <charconv>
#include <fstream>
#include <iterator>
#include <vector>

namespace skyseed {
namespace {

double TicksToSeconds(uint64_t ticks) {
  static const double kTicksPerSecond = static_cast<double>(sysconf(_SC_CLK_TCK));
  return static_cast<double>(ticks) / kTicksPerSecond;
}

// Space-separated fields of `s`.
std::vector<std::string_view> Fields(std::string_view s) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && s[i] == ' ') ++i;
    const size_t start = i;
    while (i < s.size() && s[i] != ' ' && s[i] != '\n') ++i;
    if (i > start) out.push_back(s.substr(start, i - start));
    if (i < s.size() && s[i] == '\n') break;
  }
  return out;
}

template <typename T>
bool ToNumber(std::string_view s, T* out) {
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), *out);
  return ec == std::errc() && end == s.data() + s.size();
}

}  // namespace

double ProcStat::OwnCpuSeconds() const { return TicksToSeconds(utime + stime); }

double ProcStat::CpuSecondsWithReaped() const {
  return TicksToSeconds(utime + stime + cutime + cstime);
}

std::optional<ProcStat> ParseProcStat(std::string_view line) {
  // "pid (comm) state ppid ...": comm may hold anything, so it ends at the
  // last ')'; fields are numbered from 1 as in proc(5).
  const size_t open = line.find(" (");
  const size_t close = line.rfind(')');
  if (open == std::string_view::npos || close == std::string_view::npos || close < open) {
    return std::nullopt;
  }
  ProcStat p;
  if (!ToNumber(line.substr(0, open), &p.pid)) return std::nullopt;
  p.comm = std::string(line.substr(open + 2, close - open - 2));
  const std::vector<std::string_view> f = Fields(line.substr(close + 1));
  // f[0] is field 3 (state): field n is f[n - 3].
  if (f.size() < 20 || f[0].size() != 1) return std::nullopt;
  p.state = f[0][0];
  if (!ToNumber(f[4 - 3], &p.ppid) || !ToNumber(f[14 - 3], &p.utime) ||
      !ToNumber(f[15 - 3], &p.stime) || !ToNumber(f[16 - 3], &p.cutime) ||
      !ToNumber(f[17 - 3], &p.cstime) || !ToNumber(f[22 - 3], &p.start_ticks)) {
    return std::nullopt;
  }
  return p;
}

std::optional<ProcStat> ReadProcStat(int pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  if (!std::getline(in, line)) return std::nullopt;
  return ParseProcStat(line);
}

uint64_t HostCpuTicks::Busy() const { return user + nice + system + irq + softirq; }

double HostCpuTicks::BusySeconds() const { return TicksToSeconds(Busy()); }

std::optional<HostCpuTicks> ParseHostCpuLine(std::string_view line) {
  // "cpu  user nice system idle iowait irq softirq steal guest guest_nice"
  // (proc(5)); kernels before 2.6.11 stop before steal, which is then 0.
  const std::vector<std::string_view> f = Fields(line);
  if (f.size() < 8 || f[0] != "cpu") return std::nullopt;
  HostCpuTicks t;
  uint64_t* const fields[] = {&t.user,   &t.nice, &t.system,  &t.idle,
                              &t.iowait, &t.irq,  &t.softirq, &t.steal};
  for (size_t i = 0; i < std::size(fields) && i + 1 < f.size(); ++i) {
    if (!ToNumber(f[i + 1], fields[i])) return std::nullopt;
  }
  return t;
}

std::optional<HostCpuTicks> ReadHostCpuTicks() {
  std::ifstream in("/proc/stat");
  std::string line;
  if (!std::getline(in, line)) return std::nullopt;
  return ParseHostCpuLine(line);
}

}  // namespace skyseed
