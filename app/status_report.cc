#include "app/status_report.h"

#include <cstdio>
#include <nlohmann/json.hpp>

#include "holdings/database_holdings.h"
#include "loader/pg_connection.h"

namespace skyseed {
namespace {

void PrintPastLastTier(const nlohmann::json& past) {
  if (past.is_null()) return;
  for (const auto& [table, rows] : past["rows"].items()) {
    std::printf(
        "rows past the last recorded tier (%s): %s holds %s more; a partial step is a patch of "
        "sky, not a sky: grow to the next tier to complete it\n",
        past["last_tier"].get<std::string>().c_str(), table.c_str(), rows.dump().c_str());
  }
}

// "held tier: D2", or why none is.
void PrintHeldTier(const nlohmann::json& held) {
  if (held.is_string()) {
    std::printf("held tier: %s (the chunk ledger sums to its record)\n",
                held.get<std::string>().c_str());
  } else {
    std::printf("held tier: none (no tier recorded, or rows loaded past the last one)\n");
  }
}

void PrintText(const nlohmann::json& j) {
  // Which stack: pg_sphere before 1.4 estimates every cone at 0.1 % of the
  // table, which changes plans (docs/scaling-run.md).
  std::string server = "PostgreSQL " + j["server"]["server_version"].get<std::string>();
  for (const auto& [name, version] : j["server"]["extensions"].items()) {
    server += ", " + name + " " + version.get<std::string>();
  }
  std::printf("server: %s\n", server.c_str());
  std::printf("corpus: seed %s, generator %s\n", j["seed"].dump().c_str(),
              j["generator_version"].get<std::string>().c_str());
  for (const auto& t : j["corpus_tables"]) {
    std::printf("table %s; %s\n", t["table"].get<std::string>().c_str(),
                t["description"].get<std::string>().c_str());
    if (t.contains("stored_neighbour_median_deg")) {
      // Sky order: neighbours on disk are neighbours on the sky.
      std::printf(
          "  stored order: rows sharing a block lie a median %.3f deg apart, rows paired at "
          "random %.3f deg (%s)\n",
          t["stored_neighbour_median_deg"].get<double>(), t["random_pair_median_deg"].get<double>(),
          t["stored_in_sky_order"].get<bool>() ? "sky order"
                                               : "random sky order: a cone reads a block per row");
    }
  }
  for (const auto& t : j["tiers"]) {
    std::printf("tier %-8s %8.1f MiB  %7.1f s  corpus %s  (%s, PostgreSQL %s)\n",
                t["tier"].get<std::string>().c_str(), t["database_size"].get<double>() / 1048576.0,
                t["seconds"].get<double>(), t["corpus_digest"].get<std::string>().c_str(),
                t["reached_at"].get<std::string>().c_str(),
                t["pg_version"].get<std::string>().c_str());
    for (const auto& r : t["tables"]) {
      std::printf("  %-18s %12s rows  table %8.1f MiB  indexes %8.1f MiB  ratio %.2f  %s\n",
                  r["table"].get<std::string>().c_str(), r["rows"].dump().c_str(),
                  r["table_size"].get<double>() / 1048576.0,
                  r["indexes_size"].get<double>() / 1048576.0, r["index_table_ratio"].get<double>(),
                  r["digest"].get<std::string>().c_str());
    }
    std::printf("  phases: %s\n", t["phases"].dump().c_str());
    if (t.contains("time_bounds")) {
      const auto& b = t["time_bounds"];
      std::printf(
          "  time: wall %.1f s; work bound %.1f s (%.1f busy s, %s, over %s cores); "
          "longest single task %.1f s (%s): %s\n",
          t["seconds"].get<double>(), b["work_bound"].get<double>(),
          b["work_seconds"].get<double>(), b["busy"].get<std::string>().c_str(),
          b["cores"].dump().c_str(), b["longest_task_seconds"].get<double>(),
          b["longest_task"].get<std::string>().c_str(), b["verdict"].get<std::string>().c_str());
    }
  }
  for (const auto& [table, l] : j["ledger"].items()) {
    std::printf("ledger %-18s %s rows in %s chunks\n", table.c_str(), l["rows"].dump().c_str(),
                l["chunks"].dump().c_str());
  }
  for (const auto& s : j["indexes_set_aside"]) {
    std::printf("index set aside (rebuilt by the next grow): %s\n", s.get<std::string>().c_str());
  }
  PrintPastLastTier(j["rows_past_last_tier"]);
  PrintHeldTier(j["held_tier"]);
}

void PrintSweeps(const nlohmann::json& sweeps) {
  for (const auto& s : sweeps) {
    std::printf(
        "sweep on tier %-6s %3s windows (%s flagged)  peak %.0f tps at %s clients  %s\n",
        s["tier"].get<std::string>().c_str(), s["windows"].dump().c_str(),
        s["flagged_windows"].dump().c_str(), s["peak_tps"].get<double>(),
        s["peak_at_clients"].dump().c_str(),
        s["saturated"].get<bool>() ? s["finding"].get<std::string>().c_str() : "kept scaling");
    std::printf("  sweep %s: %s\n", s["sweep_id"].get<std::string>().c_str(),
                s["sweep"].get<std::string>().c_str());
    if (s.contains("service")) {
      std::printf("  served by %s\n", s["service"].get<std::string>().c_str());
    }
  }
}

}  // namespace

Status PrintStatus(const std::string& conninfo, bool json) {
  SKYSEED_ASSIGN_OR_RETURN(std::unique_ptr<PgConnection> conn, PgConnection::Connect(conninfo));
  SKYSEED_ASSIGN_OR_RETURN(const nlohmann::json j, DescribeHoldings(*conn));
  if (json) {
    std::printf("%s\n", j.dump(2).c_str());
  } else {
    PrintText(j);
    PrintSweeps(j["sweeps"]);
  }
  return Status::Ok();
}

}  // namespace skyseed
