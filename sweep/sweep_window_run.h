// One measurement window: pgbench at a client count for a duration, with
// the server's and the machine's evidence around it and the validity guards
// applied.
#pragma once

#include <string>
#include <vector>

#include "common/machine_stats.h"
#include "common/status.h"
#include "loader/pg_connection.h"
#include "sweep/cpu_attribution.h"
#include "sweep/server_stats.h"
#include "sweep/sweep_options.h"
#include "sweep_record/sweep_window.h"

namespace skyseed {

struct WindowSetting {
  const SweepOptions& options;
  std::string conninfo;                  // for pgbench's argv: no password (ChildConnection)
  std::vector<std::string> environment;  // pgbench's additions (PGPASSFILE)
  std::string tier;
  std::string workload_dir;  // the tier's pgbench scripts
  std::string window_dir;    // where this window's pgbench output goes (created)
  ServerCapabilities caps;
  MachineFacts machine;
};

// The pgbench command line: every script of the mix with its weight.
std::vector<std::string> PgbenchArgs(const WindowSetting& s, int clients, int seconds);

// Runs the window; a window whose server could not be read is still
// returned, flagged. Fails only when pgbench cannot be run at all.
Result<SweepWindow> RunWindow(const WindowSetting& s, PgConnection& monitor, int clients, int rep,
                              int seconds);

}  // namespace skyseed
