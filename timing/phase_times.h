// The wall times of one growth by phase, as skyseed.tier.phases records
// them (JSON) and the report reads them back. A phase that did not run is
// absent, not zero.
#pragma once

#include <chrono>
#include <map>
#include <optional>
#include <string>

#include "common/status.h"
#include "timing/task_times.h"

namespace skyseed {

// Index name -> seconds its build took.
using IndexBuildSeconds = std::map<std::string, double>;

struct PhaseTimes {
  std::optional<double> load;     // binary COPY of the missing chunks
  std::optional<double> indexes;  // waiting for and rebuilding set-aside indexes
  std::optional<double> vacuum;   // VACUUM (ANALYZE) of every corpus table
  IndexBuildSeconds index_builds;
  // What each task kept busy (timing/task_times.h), and how: CPU seconds, or
  // wall seconds when the server's processes are not on this host.
  TaskSeconds tasks;
  bool busy_is_cpu = true;
  int cores = 0;            // of the host that grew the tier; 0: not recorded
  double peak_rss_mib = 0;  // of the skyseed process, so far
  // CPU seconds the whole host was busy during the growth, whoever ran: far
  // above the tasks' busy seconds, other processes held the cores.
  std::optional<double> host_busy;

  // Adds to a phase, starting it at zero if it has not run yet.
  static void Add(std::optional<double>* phase, double seconds) {
    *phase = phase->value_or(0) + seconds;
  }
  void AddBuilds(const IndexBuildSeconds& builds) {
    for (const auto& [name, seconds] : builds) index_builds[name] += seconds;
  }
};

// Wall seconds since `start`, as the phases count them.
inline double SecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// {"index <name>": s, ..., "indexes": s, "load": s, "vacuum": s,
//  "task <name>": s, ..., "busy": "cpu"|"wall", "cores": n, "peak_rss_mib": m,
//  "host_busy": s}
std::string PhaseTimesToJson(const PhaseTimes& p);
// Corruption unless `text` is a JSON object; keys it does not know and
// values that are not numbers are skipped.
Result<PhaseTimes> PhaseTimesFromJson(const std::string& text);

}  // namespace skyseed
