// CPU seconds of a whole process tree, from /proc: a PostgreSQL server is a
// postmaster with a backend per connection and its background workers, a
// TAP service may fork workers, and pgbench may exit mid-window. Telling
// them from each other (and from everything else on the host) is what lets
// a sweep blame the process that was really busy.
#pragma once

#include <vector>

#include "common/proc_stat.h"

namespace skyseed {

// Every process of this host /proc lets us read, at one moment.
std::vector<ProcStat> ReadAllProcesses();

// CPU seconds of `root` and every live descendant, each with the children it
// has reaped: so a backend that exited during a window still counts (the
// postmaster reaped it). 0 when `root` is not in `processes`. The difference
// between two snapshots is the tree's CPU over the interval.
double TreeCpuSeconds(const std::vector<ProcStat>& processes, int root);

}  // namespace skyseed
