// Who kept the host's CPUs busy during a sweep window: PostgreSQL (the
// postmaster's whole process tree: every backend, the background workers),
// the load generator, skyseed itself, and everything else. A capacity figure
// taken while other work held the cores says nothing about the database, and
// "database-cpu" must mean the database's own processes were busy.
#pragma once

#include <vector>

#include "capacity/saturation.h"

namespace skyseed {

// Cumulative CPU seconds at one moment.
struct CpuReading {
  double host_busy = 0;  // every core, whoever ran (HostBusyCpuSeconds)
  double database = -1;  // the server's process tree; -1 when it is not on this host
  double service = -1;   // a TAP service's process trees; -1 when none is measured
  double proxy = -1;     // the pooler's and haproxy's around it; -1 when none runs
  double self = 0;       // this process (skyseed's sampling)
};

// The postmaster of the server whose backend has pid `backend_pid`, when that
// backend is a PostgreSQL process of this host; 0 otherwise (a remote server,
// or one in another PID namespace, whose pid means nothing here).
int LocalPostmasterPid(int backend_pid);

// Reads the host, the tree of `postmaster_pid` (0: unknown), the trees of
// `service_pids` and of `proxy_pids` (empty: none) and this process.
CpuReading ReadCpu(int postmaster_pid, const std::vector<int>& service_pids = {},
                   const std::vector<int>& proxy_pids = {});

struct CpuShares {
  double busy_cores = 0;       // the host's busy CPU seconds per wall second
  double database_cores = -1;  // -1: unknown
  double service_cores = -1;   // -1: no service measured
  double proxy_cores = -1;     // -1: no pooler or balancer
  double client_cores = 0;     // the load generator's
  double other_cores = 0;      // busy minus the ones above, never below 0
};

// Shares over a window of `wall_seconds` in which the load generator used
// `client_cpu_seconds`. Without the database's tree, others are what neither
// the client nor skyseed used (the database among them).
CpuShares AttributeCpu(const CpuReading& before, const CpuReading& after, double client_cpu_seconds,
                       double wall_seconds);

// Whether other processes held more of the CPUs than the rule allows; such a
// window measures the neighbours, not the database.
bool HostContended(const CpuShares& shares, const SaturationRule& rule);

}  // namespace skyseed
