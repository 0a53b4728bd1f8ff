// One TAP measurement window: `skyseed tapbench` (closed-loop HTTP clients)
// against the service at a client count for a duration, with the database's,
// the service's and the machine's evidence around it and the validity
// guards applied, as a pgbench window has them.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "common/cpu_limit_group.h"
#include "common/file_identity.h"
#include "common/machine_stats.h"
#include "common/status.h"
#include "loader/pg_connection.h"
#include "sweep/server_stats.h"
#include "sweep/sweep_options.h"
#include "sweep_record/sweep_window.h"
#include "tap/tap_load.h"

namespace skyseed {

struct TapWindowSetting {
  const SweepOptions& options;
  std::string tier;
  std::string query_dir;          // the tier's TAP query files (TapQueryFileName)
  std::string window_dir;         // where this window's log and output go (created)
  std::string url;                // the service's base URL, without credentials
  std::string userinfo;           // its credentials: for libcurl only, never an argv or environment
  std::vector<int> service_pids;  // roots of its process trees on this host; empty: unknown
  std::vector<int> proxy_pids;    // its pooler and haproxy
  double service_ceiling = 0;     // cores it can use at most; 0: every core
  double connection_ms = -1;      // the tier's connection probe (connection_probe.h)
  // Its CPU limits' throttling added up (nullopt: no limit); unset: none.
  std::function<Result<std::optional<CpuThrottling>>()> throttling;
  ServerCapabilities caps;
  MachineFacts machine;
  // Who tapbench runs as: the cluster's owner, for skyseed's own DaCHS run
  // as root (the service's client has nothing of root's); unset: ourselves.
  std::optional<UserIds> load_user;
};

// What the window's tapbench runs: every class of the TAP mix with the
// queries of its file and its weight, the service's URL and credentials (in
// memory only: tapbench runs in a child process of this one).
Result<TapLoadOptions> TapbenchOptions(const TapWindowSetting& s, int clients, int seconds);

// Runs the window; a window whose server could not be read is still
// returned, flagged. Fails only when tapbench cannot be run at all.
Result<SweepWindow> RunTapWindow(const TapWindowSetting& s, PgConnection& monitor, int clients,
                                 int rep, int seconds);

}  // namespace skyseed
