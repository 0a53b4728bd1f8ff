// What a capacity page leads with: whether every validity guard held, and
// each tier's peak and sustainable throughput. Sustainable capacity is the
// highest throughput of a step whose p95 met the service-level objective
// and whose error rate stayed under it, over valid windows only.
#pragma once

#include <string>
#include <vector>

#include "sweep_record/sweep_record.h"

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

// A tier's best step: the highest mean throughput over a step's valid
// windows (as the saturation rule takes them), its client count and its
// mean p95; all 0 when no step has a valid window. It is the peak `status`,
// the TAP sweep's closing lines and the report's capacity table
// (`CapacityOf`) print. The report picks the same step with code of its own
// in two more places: `PeakStep` (report/sweep_charts.h: the saturation
// table and the charts against database size) and `ConnectionSentence`
// (report/service_tables.cc). They agree with this one on every tier with a
// valid window; when no step has one, those two still pick the first step.
struct TierPeak {
  double rate = 0;
  int clients = 0;
  double p95_ms = 0;
};
TierPeak PeakOf(const TierSweep& t);

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
// How many of `guards` failed.
int FailedGuards(const std::vector<GuardResult>& guards);

// A tier's limit class ("database-cpu", ...), "none" while it kept scaling.
std::string LimitText(const TierSweep& t);

// "capacity tiers=ci,S peak_tps=7941 sustainable_tps=7941 slo_p95_ms=2000
// guards=passed limit_ci=database-cpu limit_S=database-cpu".
std::string CapacityLine(const SweepRecord& r, const Slo& slo,
                         const std::vector<GuardResult>& guards);

// The database sweep measured like `tap` (same windows, seed and draws: the
// keys agree from ";duration=" on), which `--target both` records beside it;
// nullptr when none.
const SweepRecord* PairedDatabaseSweep(const std::vector<SweepRecord>& sweeps,
                                       const SweepRecord& tap);

// The scaling run's line, over the tiers both sweeps measured, in the
// database sweep's order: "scaling tiers=D1,D2 db_gib=2.16,10.03
// hit_ratio=0.9999,0.9412 peak_rps_tap=41.2,38.0 peak_tps_db=812,655
// limit=tap-cpu,database-io guards=passed generator=skyseed-gen-4 reps=3".
// db_gib is the tier's pg_database_size in GiB; hit_ratio the buffer hit
// ratio over the database sweep's valid windows (n/a without one); the limit
// is the TAP sweep's, since the service in front of the database is what
// users plan; guards counts the distinct guards either sweep failed;
// generator is the corpus's (the database's skyseed.corpus); reps the fewest
// valid windows behind any step of either sweep on those tiers, i.e. what
// every figure rests on.
std::string ScalingLine(const SweepRecord& db, const SweepRecord& tap, const Slo& slo,
                        const std::string& generator);

}  // namespace skyseed
