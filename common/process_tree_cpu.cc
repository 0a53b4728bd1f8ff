#include "common/process_tree_cpu.h"

#include <dirent.h>

#include <cstdlib>
#include <map>
#include <memory>

namespace skyseed {

std::vector<ProcStat> ReadAllProcesses() {
  std::vector<ProcStat> out;
  std::unique_ptr<DIR, int (*)(DIR*)> proc(opendir("/proc"), closedir);
  if (!proc) return out;
  while (const dirent* e = readdir(proc.get())) {
    char* end = nullptr;
    const long pid = std::strtol(e->d_name, &end, 10);
    if (*end != '\0' || pid <= 0) continue;
    // A process may exit between readdir and the read: skip it.
    if (std::optional<ProcStat> p = ReadProcStat(static_cast<int>(pid))) out.push_back(*p);
  }
  return out;
}

double TreeCpuSeconds(const std::vector<ProcStat>& processes, int root) {
  std::multimap<int, const ProcStat*> children;
  const ProcStat* top = nullptr;
  for (const ProcStat& p : processes) {
    children.emplace(p.ppid, &p);
    if (p.pid == root) top = &p;
  }
  if (!top) return 0;
  double total = 0;
  std::vector<const ProcStat*> todo = {top};
  while (!todo.empty()) {
    const ProcStat* p = todo.back();
    todo.pop_back();
    total += p->CpuSecondsWithReaped();
    const auto [from, to] = children.equal_range(p->pid);
    for (auto it = from; it != to; ++it) todo.push_back(it->second);
  }
  return total;
}

}  // namespace skyseed
