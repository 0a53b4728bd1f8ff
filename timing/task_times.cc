#include "timing/task_times.h"

#include <cstdio>

#include "common/cpu_clock.h"
#include "loader/pg_connection.h"

namespace skyseed {

BackendClock::BackendClock(const PgConnection& conn)
    : pid_(conn.backend_pid()), wall_start_(std::chrono::steady_clock::now()) {
  const std::optional<double> cpu = ProcessCpuSeconds(pid_, "postgres");
  cpu_ = cpu.has_value();
  cpu_start_ = cpu.value_or(0);
}

double BackendClock::Seconds() const {
  if (cpu_) {
    // Its wall time once the backend has gone (never the case while its
    // connection is open, which is when it is read).
    if (const std::optional<double> now = ProcessCpuSeconds(pid_, "postgres")) {
      return *now - cpu_start_;
    }
  }
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start_).count();
}

bool SplittableTask(const std::string& name) {
  return name.rfind("load ", 0) == 0 || name.rfind("generate ", 0) == 0;
}

TimeBounds BoundsOf(const TaskSeconds& tasks, int cores) {
  TimeBounds b;
  b.cores = cores > 0 ? cores : 1;
  for (const auto& [name, seconds] : tasks) {
    b.work += seconds;
    if (!SplittableTask(name) && seconds > b.longest) {
      b.longest = seconds;
      b.longest_task = name;
    }
  }
  b.work_bound = b.work / b.cores;
  return b;
}

std::string BoundVerdict(const TimeBounds& b, double wall_seconds,
                         std::optional<double> host_busy) {
  const double bound = b.bound();
  if (bound <= 0) return "no tasks recorded";
  if (wall_seconds > 1.10 * bound) {
    char text[192];
    // The host's cores were nearly all busy, and mostly not with this run.
    if (host_busy && *host_busy >= 0.85 * b.cores * wall_seconds && *host_busy > 1.25 * b.work) {
      std::snprintf(text, sizeof text,
                    "waiting for cores other processes held (wall %.2fx the larger bound; the "
                    "host was busy %.0f of its %.0f core-seconds, this run's tasks %.0f)",
                    wall_seconds / bound, *host_busy, b.cores * wall_seconds, b.work);
    } else {
      std::snprintf(text, sizeof text, "waiting (wall %.2fx the larger bound)",
                    wall_seconds / bound);
    }
    return text;
  }
  if (b.longest > b.work_bound) return "bound by one task (" + b.longest_task + ")";
  return "bound by work";
}

}  // namespace skyseed
