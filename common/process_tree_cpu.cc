#include "common/process_tree_cpu.h"

#include <dirent.h>

#include <cstdlib>
#include <map>
#include <memory>
#include <set>
#include <unordered_map>

namespace skyseed {
namespace {

std::multimap<int, const ProcStat*> ChildrenByParent(const std::vector<ProcStat>& processes) {
  std::multimap<int, const ProcStat*> children;
  for (const ProcStat& p : processes) children.emplace(p.ppid, &p);
  return children;
}

// `root` and its live descendants in `processes`, parents first.
std::vector<const ProcStat*> TreeMembers(const std::vector<ProcStat>& processes,
                                         const std::multimap<int, const ProcStat*>& children,
                                         int root) {
  std::vector<const ProcStat*> out;
  for (const ProcStat& p : processes) {
    if (p.pid == root) out.push_back(&p);
  }
  for (size_t i = 0; i < out.size(); ++i) {
    const auto [from, to] = children.equal_range(out[i]->pid);
    for (auto it = from; it != to; ++it) out.push_back(it->second);
  }
  return out;
}

std::unordered_map<int, uint64_t> ReapedTicks(const std::vector<ProcStat>& processes) {
  std::unordered_map<int, uint64_t> out;
  for (const ProcStat& p : processes) out[p.pid] = p.cutime + p.cstime;
  return out;
}

// Whether no member of the trees in `middle` reaped a child between its read
// in `before` and its read in `after`. A member new since `before` had
// reaped nothing then; one gone by `after` is judged by `middle`'s read.
bool Settled(const std::vector<ProcStat>& before, const std::vector<ProcStat>& middle,
             const std::vector<ProcStat>& after, const std::vector<int>& roots) {
  const std::unordered_map<int, uint64_t> was = ReapedTicks(before);
  const std::unordered_map<int, uint64_t> is = ReapedTicks(after);
  const std::multimap<int, const ProcStat*> children = ChildrenByParent(middle);
  std::set<int> seen;
  for (const int root : roots) {
    for (const ProcStat* p : TreeMembers(middle, children, root)) {
      if (!seen.insert(p->pid).second) continue;
      const auto w = was.find(p->pid);
      const auto i = is.find(p->pid);
      const uint64_t then = w == was.end() ? 0 : w->second;
      const uint64_t now = i == is.end() ? p->cutime + p->cstime : i->second;
      if (then != now) return false;
    }
  }
  return true;
}

}  // namespace

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

ProcessesRead ReadSettledProcesses(const std::vector<int>& roots, int tries,
                                   const std::function<std::vector<ProcStat>()>& read) {
  std::vector<ProcStat> before = read();
  std::vector<ProcStat> middle = read();
  for (int i = 1; i < tries; ++i) {
    std::vector<ProcStat> after = read();
    if (Settled(before, middle, after, roots)) return {std::move(middle), true};
    before = std::move(middle);
    middle = std::move(after);
  }
  return {std::move(middle), false};
}

double TreeCpuSeconds(const std::vector<ProcStat>& processes, int root) {
  double total = 0;
  for (const ProcStat* p : TreeMembers(processes, ChildrenByParent(processes), root)) {
    total += p->CpuSecondsWithReaped();
  }
  return total;
}

}  // namespace skyseed
