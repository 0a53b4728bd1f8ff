// What a capacity page leads with: whether every validity guard held, and
// each tier's peak and sustainable throughput. Sustainable capacity is the
// highest throughput of a step whose p95 met the service-level objective
// and whose error rate stayed under it, over valid windows only.
#pragma once

#include <string>
#include <vector>

#include "sweep/sweep_record.h"

namespace skyseed {

struct Slo {
  double p95_ms = 2000;
  double error_rate = 0.01;
};

struct TierCapacity {
  std::string tier;
  double peak_tps = 0;
  int peak_clients = 0;
  double sustainable_tps = 0;  // 0 when no step met the objective
  int sustainable_clients = 0;
  double p95_ms_at_sustainable = 0;
};

// Per step: means over its valid windows, as the saturation rule takes them.
TierCapacity CapacityOf(const TierSweep& t, const Slo& slo);

// One validity guard over every window of a sweep.
struct GuardResult {
  std::string guard;                 // "no swapping", "load generator below its ceiling", ...
  std::vector<std::string> windows;  // "ci 8 clients rep 2" for each that failed it
  bool passed() const { return windows.empty(); }
};
// Every guard, in a fixed order, each passed or with the windows that failed
// it; evidence missing while a tier was measured fails "monitoring coverage".
std::vector<GuardResult> SummariseGuards(const SweepRecord& r);

// "capacity tiers=ci,S peak_tps=7941 sustainable_tps=7941 slo_p95_ms=2000
// guards=passed limit_ci=database-cpu limit_S=database-cpu".
std::string CapacityLine(const SweepRecord& r, const Slo& slo,
                         const std::vector<GuardResult>& guards);

}  // namespace skyseed
