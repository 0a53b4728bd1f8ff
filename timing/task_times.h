// What each task of a growth kept busy — every loading connection's backend
// and client thread, every index build, every VACUUM — and the two lower
// bounds on wall time they imply on this machine: all the work spread over
// every core, and the longest task that cannot be split. A tier record
// holds the tasks; status and report set the wall time beside both bounds,
// so a reader sees whether a run was bound by work, by one task, or by
// waiting.
#pragma once

#include <chrono>
#include <map>
#include <optional>
#include <string>

namespace skyseed {

class PgConnection;

// Task name -> busy seconds. "load N" and "generate N" (loading connection
// N's backend and client thread) share work chunk by chunk, so more
// connections would split them; "index NAME" and "vacuum TABLE" are one
// statement in one backend each and cannot be split.
using TaskSeconds = std::map<std::string, double>;

inline void AddTasks(TaskSeconds* to, const TaskSeconds& from) {
  for (const auto& [name, seconds] : from) (*to)[name] += seconds;
}

// A backend's busy time from now on: its CPU seconds when the server runs
// on this host, its wall time otherwise (cpu() says which).
class BackendClock {
 public:
  explicit BackendClock(const PgConnection& conn);
  double Seconds() const;
  bool cpu() const { return cpu_; }

 private:
  int pid_;
  bool cpu_;
  double cpu_start_ = 0;
  std::chrono::steady_clock::time_point wall_start_;
};

struct TimeBounds {
  double work = 0;           // busy seconds of every task
  int cores = 1;             // of this host
  double work_bound = 0;     // work / cores
  std::string longest_task;  // the longest that cannot be split, "" if none
  double longest = 0;
  double bound() const { return work_bound > longest ? work_bound : longest; }
};

TimeBounds BoundsOf(const TaskSeconds& tasks, int cores);
bool SplittableTask(const std::string& name);
// "bound by work", "bound by one task (index x)", or "waiting (wall 1.8x
// the larger bound)": within 10 % of a bound counts as bound by it. Given
// the host's busy CPU seconds over the same wall time, waiting while other
// processes held the cores says so.
std::string BoundVerdict(const TimeBounds& b, double wall_seconds,
                         std::optional<double> host_busy = std::nullopt);

}  // namespace skyseed
