// CPU seconds of a whole process tree, from /proc: a PostgreSQL server is a
// postmaster with a backend per connection and its background workers, a
// TAP service may fork workers, and pgbench may exit mid-window. Telling
// them from each other (and from everything else on the host) is what lets
// a sweep blame the process that was really busy.
#pragma once

#include <functional>
#include <vector>

#include "common/proc_stat.h"

namespace skyseed {

// Every process of this host /proc lets us read, one after another: not at
// one moment (see ReadSettledProcesses).
std::vector<ProcStat> ReadAllProcesses();

// A read of /proc in which no process of the trees under `roots` reaped a
// child while it was being read. /proc is read a process at a time, so a
// child read alive and reaped before its parent is read counts twice (its
// ticks in the parent's cutime too), and one reaped after its parent is read
// and before its own read counts not at all. Which comes first follows pid
// order, and pids wrap (32768 by default): a postmaster's new backends soon
// have smaller pids than it has. A read is taken as settled when every tree
// member's reaped ticks were the same in the reads before and after it; up
// to `tries` reads, then the last one, not settled (a tree reaping faster
// than /proc can be read twice). `read` is ReadAllProcesses but for tests.
struct ProcessesRead {
  std::vector<ProcStat> processes;
  bool settled = false;
};
ProcessesRead ReadSettledProcesses(
    const std::vector<int>& roots, int tries = 20,
    const std::function<std::vector<ProcStat>()>& read = ReadAllProcesses);

// CPU seconds of `root` and every live descendant, each with the children it
// has reaped: so a backend that exited during a window still counts (the
// postmaster reaped it). 0 when `root` is not in `processes`. The difference
// between two snapshots is the tree's CPU over the interval.
double TreeCpuSeconds(const std::vector<ProcStat>& processes, int root);

}  // namespace skyseed
