// When a tier stops scaling with more clients, and why. Two signals must
// agree before a sweep stops raising the client count: throughput gained
// less than a set fraction while p95 latency rose by more than a set
// fraction. The limit is then classified from the evidence of that step.
#pragma once

#include <string>
#include <vector>

#include "sweep_record/saturation_finding.h"
#include "sweep_record/sweep_window.h"

namespace skyseed {

// One client count's figures: means over its valid (unflagged) windows.
struct StepEvidence {
  int clients = 0;
  double tps = 0;
  double p95_ms = 0;
  double hit_ratio = 1;    // shared-buffer hits / (hits + reads)
  double reads_per_s = 0;  // blocks read outside shared buffers per second
  // Backends waiting on those reads, on average (read time per wall second);
  // -1 when unknown (track_io_timing off: reads without read time).
  double read_wait_backends = -1;
  double client_cores = 0;  // pgbench's CPU seconds per wall second
  double client_threads = 1;
  double busy_cores = 0;  // the whole machine's CPU seconds per wall second
  // PostgreSQL's own processes (the postmaster's tree); -1 when the server is
  // not on this host, and the machine's busy share decides as before.
  double database_cores = -1;
  int cores = 1;
  // A TAP sweep's: the service's process tree (-1: not a TAP window, or the
  // service is not on this host), the cores it can use at most (a Python
  // service: min(cores, server processes)), and its mean response size.
  double service_cores = -1;
  double service_ceiling = 0;
  double bytes_per_request = 0;
  // Under a CPU limit, the share of the window's CFS periods in which the
  // service was throttled (-1: no limit).
  double throttled_share = -1;
  // PostgreSQL's CPU per request (ms), and of it what opening the service's
  // connections cost (-1: unknown).
  double pg_ms_per_request = -1;
  double conn_ms_per_request = -1;
};

struct SaturationRule {
  double min_tps_gain = 0.10;  // less than +10 % throughput ...
  double min_p95_rise = 0.25;  // ... while p95 rose more than 25 %
  // The load generator is the ceiling when one of its threads is this busy,
  // or it takes this share of the machine's busy time.
  double client_thread_busy = 0.90;
  double client_share = 0.50;
  double machine_busy = 0.90;  // the CPUs are the ceiling at this share
  // ... and they are the database's ceiling when its own processes use this
  // share of the cores the load generator leaves it.
  double database_busy = 0.80;
  // Other processes holding more than this many cores make a window measure
  // them: it is flagged host-contended and averaged into nothing.
  double host_contended_cores = 0.25;
  double hit_ratio_drop = 0.02;
  double low_hit_ratio = 0.90;
  // Fewer hits alone is not an I/O limit: blocks the kernel still caches
  // are copied on the database's CPU. The reads are the limit when backends
  // wait on them at least this share of the cores PostgreSQL computes on.
  double read_wait_share = 0.5;
  // A TAP service is its own limit at this share of its ceiling; it is
  // serialising rather than computing when its mean response is this large
  // while PostgreSQL's processes use less than database_idle of the cores.
  double service_busy = 0.85;
  // ... or when its CPU limit throttled it in this share of the periods.
  double service_throttled = 0.25;
  // A database limit is mostly connection setup when opening connections
  // takes this share of PostgreSQL's CPU per request.
  double connection_share = 0.5;
  double large_response_bytes = 256 * 1024;
  double database_idle = 0.25;
};

// The step of one client count: means of its valid windows (a step with no
// valid window has tps 0 and is never called saturated).
StepEvidence StepFromWindows(const std::vector<SweepWindow>& windows);

// Steps in increasing client order.
SaturationFinding FindSaturation(const std::vector<StepEvidence>& steps,
                                 const SaturationRule& rule = {});

// The limit at one step, against the first step as the baseline.
LimitKind ClassifyLimit(const StepEvidence& first, const StepEvidence& at,
                        const SaturationRule& rule, std::string* why);

}  // namespace skyseed
