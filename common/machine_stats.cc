#include "common/machine_stats.h"

#include <sys/statvfs.h>

#include <fstream>
#include <sstream>

#include "common/machine_size.h"

namespace skyseed {
namespace {

// A field of /proc/meminfo in KiB; -1 when absent.
double MeminfoKiB(const std::string& field) {
  std::ifstream in("/proc/meminfo");
  std::string name;
  double kib = 0;
  std::string unit;
  while (in >> name >> kib) {
    std::getline(in, unit);
    if (name == field + ":") return kib;
  }
  return -1;
}

}  // namespace

MachineFacts ReadMachineFacts() {
  MachineFacts m;
  const MachineSize size = ReadMachineSize();
  m.cores = size.cores;
  m.memory_gib = static_cast<double>(size.memory_bytes) / (1 << 30);
  return m;
}

double SwapUsedMiB() {
  const double total = MeminfoKiB("SwapTotal");
  const double free = MeminfoKiB("SwapFree");
  if (total < 0 || free < 0) return 0;
  return (total - free) / 1024.0;
}

double DiskFreeGiB(const std::string& path) {
  struct statvfs s {};
  if (statvfs(path.c_str(), &s) != 0) return -1;
  return static_cast<double>(s.f_bavail) * s.f_frsize / (1024.0 * 1024.0 * 1024.0);
}

}  // namespace skyseed
