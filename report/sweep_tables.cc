#include "report/sweep_tables.h"

#include <nlohmann/json.hpp>
#include <utility>

#include "capacity/saturation.h"
#include "common/number_text.h"
#include "report/format.h"
#include "report/report_table.h"
#include "sweep_record/poolers.h"
#include "sweep_record/sweep_record.h"
#include "sweep_record/sweep_window.h"

namespace skyseed {
namespace {

using json = nlohmann::json;

// ---- Figures as text.

std::string Rows(int64_t n) { return n < 0 ? "-" : FormatExact(static_cast<uint64_t>(n)); }

std::string Cores(double v) { return v < 0 ? "-" : FormatNumber("%.2f", v); }

// "105 ± 63.5": the mean of the valid windows and its 95 % half-width; one
// valid window has no interval, none has no mean.
std::string Interval(const MeanInterval& m, std::string (*format)(double)) {
  if (m.n == 0) return "-";
  if (m.n < 2) return format(m.mean);
  return format(m.mean) + " \u00b1 " + format(m.half_width);
}

std::string Throughput(double v) { return FormatCount(v); }

// A setup value as one line: strings as they are, lists joined, objects as
// "key: value" pairs.
std::string JsonText(const json& j) {
  if (j.is_null()) return "-";
  if (j.is_string()) {
    std::string s = j.get<std::string>();
    for (char& c : s) c = c == '\n' ? ' ' : c;
    return s;
  }
  if (j.is_array()) {
    std::string s;
    for (const json& e : j) s += (s.empty() ? "" : ", ") + JsonText(e);
    return s.empty() ? "none" : s;
  }
  if (j.is_object()) {
    std::string s;
    for (const auto& [k, v] : j.items()) s += (s.empty() ? "" : "; ") + k + ": " + JsonText(v);
    return s;
  }
  return j.dump();
}

// setup[a][b]..., null where any of it is missing (older sweeps).
json At(const json& j, std::initializer_list<const char*> path) {
  const json* at = &j;
  for (const char* key : path) {
    if (!at->is_object() || !at->contains(key)) return json();
    at = &(*at)[key];
  }
  return *at;
}

// ---- The rows of one tier.

double Errors(const SweepWindow& w) { return w.error_rate; }
double OtherCores(const SweepWindow& w) { return w.other_cores; }

StepRow RowOf(const std::vector<SweepWindow>& ws) {
  StepRow row;
  row.clients = ws.empty() ? 0 : ws.front().clients;
  row.windows = static_cast<int>(ws.size());
  row.throughput = ValidInterval(ws, WindowTps);
  row.valid = row.throughput.n;
  row.p50 = ValidInterval(ws, WindowP50);
  row.p95 = ValidInterval(ws, WindowP95);
  row.p99 = ValidInterval(ws, WindowP99);
  row.error_rate = ValidInterval(ws, Errors).mean;
  row.hit_ratio = ValidInterval(ws, WindowHitRatio).mean;
  row.other_cores = ValidInterval(ws, OtherCores).mean;
  const StepEvidence e = StepFromWindows(ws);
  row.database_cores = e.database_cores;
  row.client_cores = e.client_cores;
  return row;
}

std::vector<TableCell> RowCells(const StepRow& s) {
  const std::string limit = s.classified ? LimitKindName(s.limit) : "-";
  return {{std::to_string(s.clients)},
          {std::to_string(s.valid) + " of " + std::to_string(s.windows)},
          {Interval(s.throughput, Throughput)},
          {Interval(s.p50, MsFigure)},
          {Interval(s.p95, MsFigure)},
          {Interval(s.p99, MsFigure)},
          {s.valid > 0 ? FormatNumber("%.2f %%", 100 * s.error_rate) : "-"},
          {s.valid > 0 ? FormatNumber("%.4f", s.hit_ratio) : "-"},
          {s.valid > 0 ? Cores(s.database_cores) : "-"},
          {s.valid > 0 ? Cores(s.client_cores) : "-"},
          {s.valid > 0 ? Cores(s.other_cores) : "-"},
          {limit, s.why},
          {s.why}};
}

Table StepTable(const SweepRecord& r, const TierSweep& t) {
  Table table{
      {"Clients", "Valid windows", std::string("Throughput (") + r.key.units() + ")", "p50 (ms)",
       "p95 (ms)", "p99 (ms)", "Errors", "Hit ratio", "Database cores", "Load-generator cores",
       "Other cores", "Bottleneck", "Why"},
      {false, false, false, false, false, false, false, false, false, false, false, true, true},
      {}};
  for (const StepRow& s : StepRows(t)) table.rows.push_back(RowCells(s));
  return table;
}

// ---- What was measured, and on what.

Table MeasuredTable(const SweepRecord& r) {
  Table table{{"Tier", "pg_database_size", "ObsCore rows", "Total rows", "Index / table bytes",
               "Grow time"},
              {true, false, false, false, false, false},
              {}};
  for (const TierSweep& t : r.tiers) {
    const TierMeasured& m = t.measured;
    const std::string ratio =
        m.table_bytes > 0 && m.index_bytes >= 0
            ? FormatRatio(static_cast<double>(m.index_bytes) / static_cast<double>(m.table_bytes)) +
                  " (" + FormatBytes(static_cast<double>(m.index_bytes)) + " / " +
                  FormatBytes(static_cast<double>(m.table_bytes)) + ")"
            : "-";
    table.rows.push_back({{t.tier},
                          {FormatBytes(static_cast<double>(t.database_size))},
                          {Rows(m.obscore_rows)},
                          {Rows(m.total_rows)},
                          {ratio},
                          {m.grow_seconds < 0 ? "-" : FormatSeconds(m.grow_seconds)}});
  }
  return table;
}

std::string ExtensionsText(const json& extensions) {
  if (!extensions.is_object()) return "-";
  std::string s;
  for (const char* name : {"pg_sphere", "pg_stat_statements"}) {
    s += (s.empty() ? "" : ", ") + std::string(name) + " " +
         (extensions.contains(name) ? JsonText(extensions[name]) : "not installed");
  }
  // q3c is an alternative skyseed does not need: named only where present.
  if (extensions.contains("q3c")) s += ", q3c " + JsonText(extensions["q3c"]);
  return s;
}

Table EnvironmentTable(const SweepRecord& r) {
  const json& s = r.setup;
  // The host facts of older sweeps: only the machine's cores and memory.
  json cores = At(s, {"host", "cores"}), memory = At(s, {"host", "memory_gib"});
  if (cores.is_null()) cores = At(s, {"machine", "cores"});
  if (memory.is_null()) memory = At(s, {"machine", "memory_gib"});
  const json generator =
      s.is_object() && s.contains("pgbench") ? At(s, {"pgbench"}) : At(s, {"load_generator"});
  Table table{{"What", "Recorded"}, {true, true}, {}};
  auto add = [&](const std::string& k, const std::string& v) { table.rows.push_back({{k}, {v}}); };
  add("Host", JsonText(At(s, {"host", "hostname"})));
  add("Kernel", JsonText(At(s, {"host", "kernel"})));
  add("CPU", JsonText(At(s, {"host", "cpu_model"})));
  add("Cores", JsonText(cores));
  add("Memory", memory.is_number() ? FormatNumber("%.1f GiB", memory.get<double>()) : "-");
  add("PostgreSQL", JsonText(At(s, {"server_version"})));
  add("Extensions", ExtensionsText(At(s, {"extensions"})));
  add("Load generator", JsonText(generator));
  add("Corpus seed", JsonText(At(s, {"corpus_seed"})));
  add("Workload seed", JsonText(At(s, {"seed"})));
  for (const TierSweep& t : r.tiers) add("Corpus digest, tier " + t.tier, t.corpus_digest);
  const json service = At(s, {"service"});
  if (service.is_object()) {
    for (const auto& [k, v] : service.items()) add("TAP service: " + k, JsonText(v));
  }
  return table;
}

Table SettingsTable(const SweepRecord& r) {
  Table table{{"Setting", "Value"}, {true, true}, {}};
  const json settings = At(r.setup, {"server_settings"});
  if (!settings.is_object()) return table;
  for (const auto& [k, v] : settings.items()) table.rows.push_back({{k}, {JsonText(v)}});
  return table;
}

// ---- Where the limit was.

Table LimitTable(const SweepRecord& r) {
  std::map<LimitKind, std::string> where;
  for (const TierSweep& t : r.tiers) {
    for (const StepRow& s : StepRows(t)) {
      if (!s.classified) continue;
      std::string& w = where[s.limit];
      w += (w.empty() ? "" : ", ") + t.tier + " at " + std::to_string(s.clients);
    }
  }
  Table table{
      {"Limit", "Client counts", "Where", "What relieves it"}, {true, false, true, true}, {}};
  for (const auto& [kind, n] : LimitCounts(r)) {
    table.rows.push_back(
        {{LimitKindName(kind)}, {std::to_string(n)}, {where[kind]}, {ReliefOf(kind)}});
  }
  return table;
}

const char* const kStepCaption =
    "One row per client count: how many of its windows passed every guard (only those are in "
    "a mean), means with their 95 % Student-t half-width, error rate, shared-buffer hit ratio, "
    "and the cores PostgreSQL's processes, the load generator and everything else on the host "
    "used. Bottleneck: the limit class of the row's figures against the tier's first client "
    "count (the rule that classifies a saturation); a row that still scaled and that no "
    "resource explains is none. Every window, flagged ones too, is in the sweep's "
    "windows.csv (tap-windows.csv for a TAP sweep), which skyseed sweep wrote beside "
    "sweep.json in its --out folder.";

const char* const kLimitCaption =
    "How often each limit class was the bottleneck, over every client count of every tier "
    "with a valid window.";

const char* const kNoLimit =
    "No client count had a valid window: none is classified (see the validity guards and the "
    "flagged windows).";

}  // namespace

std::vector<StepRow> StepRows(const TierSweep& t) {
  std::vector<StepRow> rows;
  for (const auto& [clients, ws] : WindowsByClients(t)) {
    StepRow row = RowOf(ws);
    row.why = "not classified when recorded (an older sweep: run it again to classify)";
    for (const StepVerdict& v : t.finding.steps) {
      if (v.clients != clients) continue;
      row.classified = v.classified;
      row.limit = v.limit;
      row.why = v.why;
    }
    rows.push_back(row);
  }
  return rows;
}

std::map<LimitKind, int> LimitCounts(const SweepRecord& r) {
  std::map<LimitKind, int> counts;
  for (const TierSweep& t : r.tiers) {
    for (const StepRow& s : StepRows(t)) {
      if (s.classified) ++counts[s.limit];
    }
  }
  return counts;
}

std::string ReliefOf(LimitKind k) {
  switch (k) {
    case LimitKind::kNone:
      return "Nothing yet: throughput still grew with clients. Sweep more clients to find the "
             "limit.";
    case LimitKind::kDatabaseCpu:
      return "PostgreSQL used the cores left to it: give the server more cores (or a host of "
             "its own), or make each query cheaper (see the plan flags and the statements "
             "ranked by total time). Behind a TAP service that opens a connection per request, "
             "much of it is opening connections (the service table): a pooler that keeps "
             "them" +
             SessionKeepingPoolerOption() + ".";
    case LimitKind::kDatabaseIo:
      return "Reads missed shared buffers: more memory (shared_buffers, and page cache beside "
             "it), faster storage, or a smaller working set (fewer or narrower indexes, queries "
             "that touch fewer pages).";
    case LimitKind::kClient:
      return "The load generator, not the server, was the ceiling: more load-generator threads, "
             "or a load host of its own; figures from here on understate the server.";
    case LimitKind::kTapCpu:
      return "The TAP service used its cores, or its CPU limit throttled it: more processes "
             "behind a balancer (DaCHS is one Python process each; --tap-instances), a higher "
             "limit per process (--tap-cpus), a faster core, or a host of its own.";
    case LimitKind::kSerialisation:
      return "The service spent its time writing large responses while PostgreSQL idled: "
             "smaller responses (TOP / MAXREC, fewer columns) or binary VOTable (BINARY2).";
    case LimitKind::kUnknown:
      return "No measured resource explains it: look at the windows' wait events (locks, "
             "LWLocks, client reads) and at what else ran on the host.";
  }
  return "";
}

std::string SweepTablesHtml(const SweepRecord& r) {
  std::string h = Panel("What was measured",
                        "Each tier as it was reached: rows from the tier's ledger, table and "
                        "index bytes of the corpus tables from the catalogue, the wall time of "
                        "the grow that reached it.",
                        HtmlTable(MeasuredTable(r)));
  std::string env = HtmlTable(EnvironmentTable(r));
  const Table settings = SettingsTable(r);
  env += settings.rows.empty() ? "<p class=\"sub\">No server settings recorded.</p>"
                               : "<h3>Server settings</h3>" + HtmlTable(settings);
  h += Panel("Environment",
             "Where the figures were measured; \"-\" where this sweep did not record it.", env);
  for (const TierSweep& t : r.tiers) {
    h += Panel("Per client count, tier " + t.tier, kStepCaption, HtmlTable(StepTable(r, t)));
  }
  const Table limits = LimitTable(r);
  return h + Panel("Where the limit was", kLimitCaption,
                   limits.rows.empty() ? "<p class=\"sub\">" + std::string(kNoLimit) + "</p>"
                                       : HtmlTable(limits));
}

std::string SweepTablesMarkdown(const SweepRecord& r) {
  std::string m = "\n**What was measured**\n\n" + MdTable(MeasuredTable(r));
  m += "\n**Environment**\n\n" + MdTable(EnvironmentTable(r));
  const Table settings = SettingsTable(r);
  if (!settings.rows.empty()) {
    m += "\n<details><summary>Server settings</summary>\n\n" + MdTable(settings) + "\n</details>\n";
  }
  for (const TierSweep& t : r.tiers) {
    m += "\n**Per client count, tier " + MdCell(t.tier) + "**\n\n" + MdTable(StepTable(r, t));
  }
  m += "\n" + std::string(kStepCaption) + "\n";
  const Table limits = LimitTable(r);
  return m + "\n**Where the limit was**\n\n" +
         (limits.rows.empty() ? std::string(kNoLimit) + "\n"
                              : MdTable(limits) + "\n" + kLimitCaption + "\n");
}

}  // namespace skyseed
