#include "sweep/server_stats.h"

#include <algorithm>
#include <cstdlib>

namespace skyseed {
namespace {

// Every statement the sweep's monitor sends starts with this comment, which
// pg_stat_statements keeps in the text it records: so the rankings can
// leave skyseed's own statements out (they once topped top_by_mean).
constexpr const char* kMonitorTag = "/* skyseed monitor */ ";
std::string Monitored(const char* sql) { return std::string(kMonitorTag) + sql; }

// strtod, not stod: the server's numbers always parse, and nothing here may
// throw.
double Number(const PgResult& r, int row, int col) {
  return r.is_null(row, col) ? 0 : std::strtod(r.text(row, col).c_str(), nullptr);
}

Status ReadStatements(PgConnection& conn, StatementScope scope, ServerSnapshot* s) {
  PgResult r;
  // Keyed by role and queryid: pg_stat_statements keeps one entry per both.
  SKYSEED_RETURN_IF_ERROR(conn.Query(
      Monitored("SELECT userid::text || ':' || queryid::text, query, calls, total_exec_time, "
                "rows, shared_blks_hit, shared_blks_read FROM pg_stat_statements "
                "WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) "
                "AND queryid IS NOT NULL AND query NOT LIKE $1 "
                "AND ($2 OR userid = (SELECT oid FROM pg_roles WHERE rolname = current_user))"),
      {std::string(kMonitorTag) + "%", scope == StatementScope::kAnyRole ? "t" : "f"}, &r));
  for (int i = 0; i < r.rows(); ++i) {
    StatementTimes t;
    t.query = r.text(i, 1);
    t.calls = Number(r, i, 2);
    t.total_ms = Number(r, i, 3);
    t.rows = Number(r, i, 4);
    t.shared_hit = Number(r, i, 5);
    t.shared_read = Number(r, i, 6);
    s->statements[r.text(i, 0)] = t;
  }
  return Status::Ok();
}

}  // namespace

Result<ServerCapabilities> ProbeCapabilities(PgConnection& conn) {
  ServerCapabilities caps;
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(conn.Query(
      Monitored("SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_stat_statements'), "
                "current_setting('shared_preload_libraries') LIKE '%pg_stat_statements%', "
                "current_setting('track_io_timing') = 'on'"),
      &r));
  const bool created = r.text(0, 0) == "t";
  const bool loaded = r.text(0, 1) == "t";
  caps.statements = created && loaded;
  caps.io_timing = r.text(0, 2) == "t";
  if (!loaded) {
    caps.missing.push_back(
        "pg_stat_statements is not in shared_preload_libraries: no statement rankings");
  } else if (!created) {
    caps.missing.push_back(
        "pg_stat_statements is loaded but not created in this database "
        "(CREATE EXTENSION pg_stat_statements): no statement rankings");
  }
  if (!caps.io_timing) caps.missing.push_back("track_io_timing is off: no read times");
  return caps;
}

Result<ServerSnapshot> TakeSnapshot(PgConnection& conn, const ServerCapabilities& caps,
                                    StatementScope scope) {
  ServerSnapshot s;
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(conn.Query(
      Monitored("SELECT blks_hit, blks_read, temp_files, temp_bytes, blk_read_time, xact_commit, "
                "xact_rollback, pg_postmaster_start_time()::text, "
                "to_jsonb(d) -> 'sessions' FROM pg_stat_database d "
                "WHERE datname = current_database()"),
      &r));
  if (r.rows() != 1) return Status::Database("pg_stat_database has no row for this database");
  s.blks_hit = Number(r, 0, 0);
  s.blks_read = Number(r, 0, 1);
  s.temp_files = Number(r, 0, 2);
  s.temp_bytes = Number(r, 0, 3);
  s.blk_read_ms = Number(r, 0, 4);
  s.xact_commit = Number(r, 0, 5);
  s.xact_rollback = Number(r, 0, 6);
  s.postmaster_start = r.text(0, 7);
  // Read through to_jsonb: absent (NULL) before PostgreSQL 14.
  if (!r.is_null(0, 8)) s.sessions = Number(r, 0, 8);
  if (caps.statements) SKYSEED_RETURN_IF_ERROR(ReadStatements(conn, scope, &s));
  return s;
}

WindowStatements StatementDeltas(const ServerSnapshot& before, const ServerSnapshot& after,
                                 size_t top) {
  std::vector<StatementTimes> deltas;
  for (const auto& [id, a] : after.statements) {
    StatementTimes d = a;
    auto b = before.statements.find(id);
    if (b != before.statements.end()) {
      d.calls -= b->second.calls;
      d.total_ms -= b->second.total_ms;
      d.rows -= b->second.rows;
      d.shared_hit -= b->second.shared_hit;
      d.shared_read -= b->second.shared_read;
    }
    if (d.calls > 0) deltas.push_back(d);
  }
  WindowStatements w;
  auto rank = [&](auto key) {
    std::vector<StatementTimes> v = deltas;
    std::sort(v.begin(), v.end(), [&](const auto& x, const auto& y) { return key(x) > key(y); });
    if (v.size() > top) v.resize(top);
    return v;
  };
  w.by_total = rank([](const StatementTimes& s) { return s.total_ms; });
  w.by_mean = rank([](const StatementTimes& s) { return s.total_ms / s.calls; });
  return w;
}

Status SampleWaitEvents(PgConnection& conn, std::map<std::string, int>* counts) {
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(conn.Query(
      Monitored("SELECT coalesce(wait_event_type || ':' || wait_event, 'CPU'), count(*) "
                "FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' "
                "AND pid <> pg_backend_pid() GROUP BY 1"),
      &r));
  for (int i = 0; i < r.rows(); ++i) (*counts)[r.text(i, 0)] += static_cast<int>(Number(r, i, 1));
  return Status::Ok();
}

Result<std::map<std::string, std::string>> ReadServerSettings(PgConnection& conn) {
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(conn.Query(
      Monitored("SELECT name, current_setting(name) FROM unnest(ARRAY['server_version', "
                "'shared_buffers', 'effective_cache_size', 'work_mem', 'max_parallel_workers', "
                "'max_parallel_workers_per_gather', 'max_connections', 'random_page_cost', "
                "'track_io_timing', 'shared_preload_libraries']) AS name"),
      &r));
  std::map<std::string, std::string> settings;
  for (int i = 0; i < r.rows(); ++i) settings[r.text(i, 0)] = r.text(i, 1);
  return settings;
}

}  // namespace skyseed
