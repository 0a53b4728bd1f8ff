// One measurement window of a capacity sweep (a tier, a client count, a
// repetition): what pgbench's log and the server's statistics said, and the
// validity guards it passed or failed. A flagged window is shown, never
// averaged in.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "sweep_record/guard_flag.h"
#include "sweep_record/latency_stats.h"
#include "sweep_record/window_statements.h"

namespace skyseed {

struct ClassLatency {
  std::string query_class;  // e.g. "lookup_source" (MixEntry::name)
  LatencySummary latency_ms;
  // A TAP class's mean response size over its answered requests; -1 where
  // the load generator does not see responses (pgbench).
  double bytes_per_answer = -1;
};

struct SweepWindow {
  std::string tier;
  int clients = 0;
  int rep = 0;
  double seconds = 0;      // measured span of the window
  uint64_t committed = 0;  // transactions completed
  uint64_t failed = 0;
  double tps = 0;
  double error_rate = 0;  // failed / (committed + failed)
  LatencySummary latency_ms;
  std::vector<ClassLatency> classes;
  // Server evidence, deltas over the window.
  double hit_ratio = 1;
  double reads_per_s = 0;
  double temp_bytes = 0;
  double read_ms = 0;  // block read time (track_io_timing)
  // Machine evidence.
  double client_cores = 0;
  int client_threads = 1;
  double busy_cores = 0;
  double database_cores = -1;  // the postmaster's tree; -1 when not on this host
  double other_cores = 0;      // busy minus database, service, load generator and skyseed
  // A TAP window's: the service's process tree (-1 when not measured), the
  // cores it can use at most, and the response bytes read.
  double service_cores = -1;
  double service_ceiling = 0;
  double response_bytes = 0;
  double proxy_cores = -1;  // the pooler's and haproxy's in front of or behind it; -1: none
  // Connection churn: the sessions PostgreSQL opened in the window
  // (pg_stat_database.sessions; -1 unknown), and what one connect and
  // disconnect cost its processes' CPU at this tier (ms; -1 not probed).
  double new_sessions = -1;
  double connection_ms = -1;
  // Under a CPU limit (--tap-cpus): the CFS periods in which the service's
  // processes were throttled, the time they waited, and the throttled
  // periods' share of the window's periods (-1: no limit).
  double throttled_periods = 0;
  double throttled_s = 0;
  double throttled_share = -1;
  int cores = 1;
  double swap_used_mib = 0;
  double disk_free_gib = 0;
  std::map<std::string, int> wait_events;  // samples of active backends by event
  WindowStatements statements;             // pg_stat_statements deltas, when present
  std::vector<GuardFlag> flags;            // failed guards (guard_flag.h)

  bool valid() const { return flags.empty(); }
};

// Requests (or transactions) the window attempted.
inline double WindowRequests(const SweepWindow& w) {
  return static_cast<double>(w.committed + w.failed);
}
// PostgreSQL's CPU per request, in ms; -1 when unknown.
double DatabaseMsPerRequest(const SweepWindow& w);
// New PostgreSQL sessions per request; -1 when unknown.
double SessionsPerRequest(const SweepWindow& w);
// Of DatabaseMsPerRequest, what opening those sessions cost: sessions per
// request times the tier's connection probe; -1 when either is unknown.
double ConnectionMsPerRequest(const SweepWindow& w);

// The mean of `figure` over the valid windows where it is known (>= 0); -1
// when it is known in none.
double KnownMean(const std::vector<SweepWindow>& windows, double (*figure)(const SweepWindow&));

// The figures a report takes means of, as ValidInterval's `figure`.
inline double WindowTps(const SweepWindow& w) { return w.tps; }
inline double WindowP50(const SweepWindow& w) { return w.latency_ms.p50; }
inline double WindowP95(const SweepWindow& w) { return w.latency_ms.p95; }
inline double WindowP99(const SweepWindow& w) { return w.latency_ms.p99; }
inline double WindowHitRatio(const SweepWindow& w) { return w.hit_ratio; }

// Means and 95 % intervals of one figure over a step's valid windows.
MeanInterval ValidInterval(const std::vector<SweepWindow>& windows,
                           double (*figure)(const SweepWindow&));

}  // namespace skyseed
