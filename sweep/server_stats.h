// What the server says about a measurement window: snapshots of its
// cumulative statistics taken before and after, whose differences are the
// window's evidence (buffer hits and reads, temp spills, read time, the
// statements' times), plus wait events sampled while it runs.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "common/status.h"
#include "loader/pg_connection.h"
#include "sweep_record/window_statements.h"

namespace skyseed {

struct ServerSnapshot {
  double blks_hit = 0, blks_read = 0;
  double temp_files = 0, temp_bytes = 0;
  double blk_read_ms = 0;
  double xact_commit = 0, xact_rollback = 0;
  double sessions = -1;          // sessions opened since the statistics reset (PostgreSQL 14+)
  std::string postmaster_start;  // changes when the server restarted
  std::map<std::string, StatementTimes> statements;  // by queryid; empty without the extension
};

// What the server offers for evidence, said once per sweep.
struct ServerCapabilities {
  bool statements = false;           // pg_stat_statements loaded and created
  bool io_timing = false;            // track_io_timing on
  std::vector<std::string> missing;  // one sentence each, for the record
};
Result<ServerCapabilities> ProbeCapabilities(PgConnection& conn);

// Whose statements a snapshot ranks: the load's own role (pgbench connects
// as the monitor does), or every role but skyseed's monitoring (a TAP
// service connects as roles of its own).
enum class StatementScope { kLoadRole, kAnyRole };
Result<ServerSnapshot> TakeSnapshot(PgConnection& conn, const ServerCapabilities& caps,
                                    StatementScope scope = StatementScope::kLoadRole);

// after - before, statement by statement (statements absent before count
// from zero), ranked by total time.
WindowStatements StatementDeltas(const ServerSnapshot& before, const ServerSnapshot& after,
                                 size_t top);

// Active backends by "type:event" (or "CPU" when not waiting), added to
// *counts; the sampler's own backend is left out.
Status SampleWaitEvents(PgConnection& conn, std::map<std::string, int>* counts);

// The settings that decide a capacity result, by name (SHOW values).
Result<std::map<std::string, std::string>> ReadServerSettings(PgConnection& conn);

}  // namespace skyseed
