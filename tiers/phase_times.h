// The wall times of one growth by phase, as skyseed.tier.phases records
// them (JSON) and the report reads them back. A phase that did not run is
// absent, not zero.
#pragma once

#include <chrono>
#include <map>
#include <optional>
#include <string>

#include "common/status.h"

namespace skyseed {

// Index name -> seconds its build took.
using IndexBuildSeconds = std::map<std::string, double>;

struct PhaseTimes {
  std::optional<double> load;     // binary COPY of the missing chunks
  std::optional<double> indexes;  // waiting for and rebuilding set-aside indexes
  std::optional<double> vacuum;   // VACUUM (ANALYZE) of every corpus table
  IndexBuildSeconds index_builds;

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

// {"index <name>": s, ..., "indexes": s, "load": s, "vacuum": s}
std::string PhaseTimesToJson(const PhaseTimes& p);
// Corruption unless `text` is a JSON object; keys it does not know and
// values that are not numbers are skipped.
Result<PhaseTimes> PhaseTimesFromJson(const std::string& text);

}  // namespace skyseed
