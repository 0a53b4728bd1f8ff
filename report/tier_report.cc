#include "report/tier_report.h"

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>

#include "report/bar_chart.h"
#include "report/format.h"
#include "report/page_style.h"
#include "report/sweep_report.h"
#include "timing/phase_times.h"
#include "timing/task_times.h"

namespace skyseed {
namespace {

// ---- What the records say, arranged per tier and per table.

// A tier's phases, a phase that did not run as 0; a record that does not
// parse counts as none (the report says so).
struct Phases {
  bool recorded = false;
  double load = 0, indexes = 0, vacuum = 0;
  IndexBuildSeconds index_builds;
  TaskSeconds tasks;
  int cores = 0;
  bool busy_is_cpu = true;
  std::optional<double> host_busy;
};

Phases ReadPhases(const TierRecord& record) {
  if (!record.phases_recorded) return {};
  const PhaseTimes* t = &record.phases;
  return {true,
          t->load.value_or(0),
          t->indexes.value_or(0),
          t->vacuum.value_or(0),
          t->index_builds,
          t->tasks,
          t->cores,
          t->busy_is_cpu,
          t->host_busy};
}

struct Model {
  const ReportInput& in;
  std::vector<std::string> groups;   // tier names
  std::vector<std::string> tables;   // in order of first appearance
  std::vector<std::string> indexes;  // every index built in some tier, by name
  std::vector<Phases> phases;        // per tier
};

const TierTableRecord* FindTable(const TierRecord& t, const std::string& table) {
  for (const TierTableRecord& r : t.tables) {
    if (r.table == table) return &r;
  }
  return nullptr;
}

double Rows(const TierRecord& t, const std::string& table) {
  const TierTableRecord* r = FindTable(t, table);
  return r ? static_cast<double>(r->digest.rows) : 0;
}

Model BuildModel(const ReportInput& in) {
  Model m{in, {}, {}, {}, {}};
  std::set<std::string> indexes;
  for (const TierRecord& t : in.tiers) {
    m.groups.push_back(t.tier);
    for (const TierTableRecord& r : t.tables) {
      if (std::find(m.tables.begin(), m.tables.end(), r.table) == m.tables.end()) {
        m.tables.push_back(r.table);
      }
    }
    m.phases.push_back(ReadPhases(t));
    for (const auto& [name, s] : m.phases.back().index_builds) indexes.insert(name);
  }
  m.indexes.assign(indexes.begin(), indexes.end());
  return m;
}

// Rows the load phase of tier i added: tiers only grow, so each one loads
// what the tier before it lacked, not all of its rows.
double LoadedRows(const ReportInput& in, size_t i, const std::string& table) {
  const double now = Rows(in.tiers[i], table);
  const double before = i == 0 ? 0 : Rows(in.tiers[i - 1], table);
  return before <= now ? now - before : now;
}

// "2025-06-01 10:11:12.345678+00" -> "2025-06-01 10:11:12+00".
std::string ShortTime(std::string t) {
  const size_t dot = t.find('.');
  if (dot == std::string::npos) return t;
  const size_t zone = t.find_first_of("+-", dot);
  return t.erase(dot, (zone == std::string::npos ? t.size() : zone) - dot);
}

// ---- The charts.

const char* const kPalette[] = {"#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2",
                                "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"};
// A table in the dark and its indexes in the light shade of one hue.
const char* const kDark[] = {"#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#b07aa1"};
const char* const kLight[] = {"#a0cbe8", "#ffbe7d", "#8cd17d", "#ff9d9a", "#d4a6c8"};
const char* Color(size_t i) { return kPalette[i % std::size(kPalette)]; }

std::string Seconds(double s) { return FormatPlain(s) + " s"; }
std::string Rate(double r) { return FormatCount(r) + "/s"; }

BarChart RowsChart(const Model& m) {
  BarChart c{.title = "Rows per tier",
             .y_title = "rows",
             .groups = m.groups,
             .tick_label = FormatCount,
             .value_label = FormatCount,
             .log_when_wide = true};
  for (size_t i = 0; i < m.tables.size(); ++i) c.series.push_back({m.tables[i], Color(i)});
  for (const TierRecord& t : m.in.tiers) {
    c.values.emplace_back();
    for (const std::string& table : m.tables) c.values.back().push_back(Rows(t, table));
  }
  return c;
}

BarChart SizeChart(const Model& m) {
  int64_t max = 0;
  for (const TierRecord& t : m.in.tiers) max = std::max(max, t.database_size);
  const bool gib = max >= 2LL << 30;
  const std::string unit = gib ? " GiB" : " MiB";
  BarChart c{.title = "Database size per tier",
             .y_title = "pg_database_size()",
             .groups = m.groups,
             .stacked = true,
             .divisor = gib ? 1024.0 * 1024 * 1024 : 1024.0 * 1024,
             .tick_label = [unit](double v) { return FormatPlain(v) + unit; },
             .value_label = FormatBytes};
  for (size_t i = 0; i < m.tables.size(); ++i) {
    c.series.push_back({m.tables[i] + " table", kDark[i % std::size(kDark)]});
    c.series.push_back({m.tables[i] + " indexes", kLight[i % std::size(kLight)]});
  }
  c.series.push_back({"other (catalogs, manifest)", "#bab0ac"});
  for (const TierRecord& t : m.in.tiers) {
    std::vector<double> row;
    int64_t rest = t.database_size;
    for (const std::string& table : m.tables) {
      const TierTableRecord* r = FindTable(t, table);
      row.push_back(r ? static_cast<double>(r->table_size) : 0);
      row.push_back(r ? static_cast<double>(r->indexes_size) : 0);
      rest -= r ? r->table_size + r->indexes_size : 0;
    }
    row.push_back(static_cast<double>(std::max<int64_t>(0, rest)));
    c.values.push_back(row);
  }
  return c;
}

BarChart PhasesChart(const Model& m) {
  BarChart c{.title = "Time per phase per tier",
             .y_title = "wall time",
             .groups = m.groups,
             .series = {{"load", Color(0)},
                        {"indexes (all builds, in parallel)", Color(1)},
                        {"vacuum", Color(2)},
                        {"other", "#bab0ac"}},
             .stacked = true,
             .tick_label = Seconds,
             .value_label = FormatSeconds};
  for (size_t i = 0; i < m.in.tiers.size(); ++i) {
    const Phases& p = m.phases[i];
    const double other = std::max(0.0, m.in.tiers[i].seconds - p.load - p.indexes - p.vacuum);
    c.values.push_back({p.load, p.indexes, p.vacuum, other});
  }
  return c;
}

// Wall time beside the two lower bounds the recorded tasks imply.
BarChart BoundsChart(const Model& m) {
  BarChart c{.title = "Wall time against its bounds",
             .y_title = "seconds",
             .groups = m.groups,
             .series = {{"wall time", Color(0)},
                        {"work bound (busy seconds / cores)", Color(1)},
                        {"longest single task", Color(2)}},
             .tick_label = Seconds,
             .value_label = FormatSeconds};
  for (size_t i = 0; i < m.in.tiers.size(); ++i) {
    const TimeBounds b = BoundsOf(m.phases[i].tasks, m.phases[i].cores);
    c.values.push_back({m.in.tiers[i].seconds, b.work_bound, b.longest});
  }
  return c;
}

std::string BoundsCaption(const Model& m) {
  std::string c =
      "A tier cannot be grown faster than all its work spread over every core (the busy "
      "seconds of every task: each loading connection's backend and client thread, each index "
      "build, each VACUUM; CPU seconds when the server runs on the same host), nor faster than "
      "its longest task that cannot be split (an index build or a VACUUM is one statement in "
      "one backend). Wall time near the larger bound: bound by it; well above both: waiting.";
  for (size_t i = 0; i < m.phases.size(); ++i) {
    const Phases& p = m.phases[i];
    if (p.tasks.empty()) {
      c += " Tier " + m.groups[i] + " recorded no tasks.";
    } else {
      const TimeBounds b = BoundsOf(p.tasks, p.cores);
      c += " Tier " + m.groups[i] + ": " + BoundVerdict(b, m.in.tiers[i].seconds, p.host_busy) +
           " (" + std::to_string(b.cores) + " cores" + (p.busy_is_cpu ? "" : ", busy = wall time") +
           ").";
    }
  }
  return c;
}

// Wide: six indexes per tier need the room.
BarChart IndexChart(const Model& m) {
  BarChart c{.title = "Index builds per tier",
             .y_title = "build time",
             .groups = m.groups,
             .tick_label = Seconds,
             .value_label = FormatSeconds,
             .width = 1240};
  for (size_t i = 0; i < m.indexes.size(); ++i) c.series.push_back({m.indexes[i], Color(i)});
  for (const Phases& p : m.phases) {
    c.values.emplace_back();
    for (const std::string& index : m.indexes) {
      const auto it = p.index_builds.find(index);
      c.values.back().push_back(it == p.index_builds.end() ? 0 : it->second);
    }
  }
  return c;
}

BarChart ThroughputChart(const Model& m) {
  BarChart c{.title = "Load throughput per table",
             .y_title = "rows per second",
             .groups = m.groups,
             .tick_label = Rate,
             .value_label = Rate};
  for (size_t i = 0; i < m.tables.size(); ++i) c.series.push_back({m.tables[i], Color(i)});
  c.series.push_back({"all tables", "#6b7280"});
  for (size_t i = 0; i < m.in.tiers.size(); ++i) {
    const double load = m.phases[i].load;
    std::vector<double> row;
    double all = 0;
    for (const std::string& table : m.tables) {
      row.push_back(load > 0 ? LoadedRows(m.in, i, table) / load : 0);
      all += row.back();
    }
    row.push_back(all);
    c.values.push_back(row);
  }
  return c;
}

// ---- The page.

std::string Card(const std::string& key, const std::string& value, const std::string& detail) {
  return "<div class=\"card\"><div class=\"k\">" + EscapeMarkup(key) + "</div><div class=\"v\">" +
         EscapeMarkup(value) + "</div><div class=\"d\">" + EscapeMarkup(detail) + "</div></div>\n";
}

std::string Cards(const Model& m) {
  const TierRecord& last = m.in.tiers.back();
  uint64_t rows = 0;
  int64_t table_bytes = 0, index_bytes = 0;
  for (const TierTableRecord& r : last.tables) {
    rows += r.digest.rows;
    table_bytes += r.table_size;
    index_bytes += r.indexes_size;
  }
  double total_seconds = 0;
  std::string path;
  for (const TierRecord& t : m.in.tiers) {
    total_seconds += t.seconds;
    path += (path.empty() ? "" : " \u2192 ") + t.tier;
  }
  return "<section class=\"cards\">\n" +
         Card("Tiers reached", std::to_string(m.in.tiers.size()), path) +
         Card("Rows in " + last.tier, FormatCount(static_cast<double>(rows)),
              FormatExact(rows) + " in " + std::to_string(last.tables.size()) + " tables") +
         Card("Database size", FormatBytes(static_cast<double>(last.database_size)),
              "tables " + FormatBytes(static_cast<double>(table_bytes)) + ", indexes " +
                  FormatBytes(static_cast<double>(index_bytes))) +
         Card("Index / table", table_bytes > 0 ? FormatRatio(1.0 * index_bytes / table_bytes) : "-",
              "index bytes per table byte in " + last.tier) +
         Card("Grow time", FormatSeconds(total_seconds), "all tiers, wall clock") + "</section>\n";
}

// A header cell over both header rows.
std::string Th2(const std::string& text, const char* cls = "") {
  return std::string("<th rowspan=\"2\"") + (*cls ? " class=\"" + std::string(cls) + "\"" : "") +
         ">" + EscapeMarkup(text) + "</th>";
}

std::string SummaryTable(const Model& m) {
  const std::string span = "<th colspan=\"" + std::to_string(m.tables.size()) + "\">";
  std::string h = "<section class=\"panel\"><h2>Tiers</h2><table><thead><tr>" + Th2("Tier", "l") +
                  Th2("Reached at", "l") + span + "Rows</th>" + Th2("Database size") + span +
                  "Index / table size</th>" + Th2("Grow time") + Th2("Corpus digest", "l") +
                  Th2("PostgreSQL", "l") + "</tr><tr>";
  // A column per table under Rows and under Index / table size; the schema
  // is in the tooltip, as the names would widen the table past the page.
  for (int pass = 0; pass < 2; ++pass) {
    for (const std::string& t : m.tables) {
      h += "<th title=\"" + EscapeMarkup(t) + "\">" + EscapeMarkup(t.substr(t.find('.') + 1)) +
           "</th>";
    }
  }
  h += "</tr></thead><tbody>\n";
  for (const TierRecord& t : m.in.tiers) {
    h += "<tr>" + Cell(t.tier, "l") + Cell(ShortTime(t.reached_at), "l wrap");
    for (const std::string& table : m.tables) {
      const TierTableRecord* r = FindTable(t, table);
      h += Cell(r ? FormatExact(r->digest.rows) : "-");
    }
    h += Cell(FormatBytes(static_cast<double>(t.database_size)));
    for (const std::string& table : m.tables) {
      const TierTableRecord* r = FindTable(t, table);
      h += Cell(r ? FormatRatio(r->index_table_ratio) : "-");
    }
    h += Cell(FormatSeconds(t.seconds)) + Cell(t.corpus.Hex(), "l mono") +
         Cell(t.pg_version.substr(0, t.pg_version.find(' ')), "l") + "</tr>\n";
  }
  return h + "</tbody></table></section>\n";
}

std::string TablesTable(const Model& m) {
  std::string h =
      "<section class=\"panel\"><h2>Tables per tier</h2><table><thead><tr>"
      "<th class=\"l\">Tier</th><th class=\"l\">Table</th><th>Rows</th>"
      "<th>Table size</th><th>Indexes size</th><th>Index / table</th>"
      "<th class=\"l\">Table digest</th></tr></thead><tbody>\n";
  for (const TierRecord& t : m.in.tiers) {
    for (const TierTableRecord& r : t.tables) {
      h += "<tr>" + Cell(t.tier, "l") + Cell(r.table, "l") + Cell(FormatExact(r.digest.rows)) +
           Cell(FormatBytes(static_cast<double>(r.table_size))) +
           Cell(FormatBytes(static_cast<double>(r.indexes_size))) +
           Cell(FormatRatio(r.index_table_ratio)) + Cell(r.digest.sum.Hex(), "l mono") + "</tr>\n";
    }
  }
  return h + "</tbody></table></section>\n";
}

std::string IndexTable(const Model& m) {
  std::string h =
      "<section class=\"panel\"><h2>Index builds</h2><table><thead><tr>"
      "<th class=\"l\">Index</th>";
  for (const std::string& g : m.groups) h += "<th>" + EscapeMarkup(g) + "</th>";
  h += "</tr></thead><tbody>\n";
  for (const std::string& index : m.indexes) {
    h += "<tr>" + Cell(index, "l mono");
    for (const Phases& p : m.phases) {
      const auto it = p.index_builds.find(index);
      h += Cell(it == p.index_builds.end() ? "kept live" : FormatSeconds(it->second));
    }
    h += "</tr>\n";
  }
  h += "<tr><th class=\"l\">indexes phase (wall time)</th>";
  for (const Phases& p : m.phases) h += "<th>" + EscapeMarkup(FormatSeconds(p.indexes)) + "</th>";
  return h +
         "</tr></tbody></table><p class=\"note\">The builds of a tier run in parallel, so "
         "they add up to more than its indexes phase. An index kept live was maintained "
         "during the load (its cost is in the load phase) instead of being set aside and "
         "rebuilt.</p></section>\n";
}

std::string Figure(const std::string& file, const BarChart& chart, const std::string& svg,
                   const std::string& caption) {
  return std::string(chart.width > 640 ? "<figure class=\"wide\">\n" : "<figure>\n") + svg +
         "<figcaption>" + EscapeMarkup(caption) + " <a href=\"" + EscapeMarkup(file) + "\">" +
         EscapeMarkup(file) + "</a></figcaption></figure>\n";
}

std::string PhasesCaption(const Model& m) {
  std::string c =
      "Wall time of the grow that reached each tier: load = binary COPY of the new "
      "chunks (all tables at once), indexes = rebuilding the set-aside indexes (in "
      "parallel; each build is in the index chart), vacuum = VACUUM (ANALYZE), "
      "other = the rest of the recorded total (planning, measuring).";
  for (size_t i = 0; i < m.phases.size(); ++i) {
    if (!m.phases[i].recorded) c += " Tier " + m.groups[i] + " recorded no phases.";
  }
  return c;
}

std::string Page(const Model& m, const std::string& figures, const std::string& sweeps) {
  std::set<std::string> versions;
  for (const TierRecord& t : m.in.tiers) versions.insert(t.pg_version);
  std::string pg;
  for (const std::string& v : versions) pg += (pg.empty() ? "" : ", ") + v;
  std::string h =
      std::string("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">") +
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">" +
      "<title>skyseed tier report</title>\n<style>" + ReportCss() + "</style></head>\n" +
      "<body><main>\n<h1>skyseed tier report</h1>\n<p class=\"sub\">corpus seed " +
      std::to_string(m.in.seed) + " \u00b7 generator " + EscapeMarkup(m.in.generator_version) +
      " \u00b7 PostgreSQL " + EscapeMarkup(pg.empty() ? "-" : pg) + "</p>\n";
  if (m.in.tiers.empty()) return h + "<p>No tier recorded yet.</p></main></body></html>\n";
  return h + Cards(m) + SummaryTable(m) + "<section class=\"charts\">\n" + figures +
         "</section>\n" + IndexTable(m) + TablesTable(m) + sweeps + "</main></body></html>\n";
}

}  // namespace

std::vector<ReportFile> RenderTierReport(const ReportInput& input,
                                         std::vector<std::string>* closing_lines) {
  const Model m = BuildModel(input);
  const struct {
    const char* file;
    BarChart chart;
    std::string caption;
  } charts[] = {
      {"rows_per_tier.svg", RowsChart(m), "Rows of each corpus table once the tier was reached."},
      {"size_per_tier.svg", SizeChart(m),
       "pg_database_size() at each tier, split into pg_table_size() and pg_indexes_size() of "
       "each corpus table; other is the rest (catalogs, the skyseed manifest)."},
      {"phases_per_tier.svg", PhasesChart(m), PhasesCaption(m)},
      {"time_bounds_per_tier.svg", BoundsChart(m), BoundsCaption(m)},
      {"throughput_per_table.svg", ThroughputChart(m),
       "Rows per second of the load phase: the rows a tier added to a table (its rows minus the "
       "previous tier's) divided by the load phase's wall time. The tables load concurrently "
       "over that same time, so all tables is their sum."},
      {"index_builds_per_tier.svg", IndexChart(m),
       "Build time of each index rebuilt after the load. The builds of a tier run in parallel, "
       "so they overlap: the indexes phase is their wall time, not their sum. No bar: the index "
       "was kept live during that tier's load."},
  };
  std::vector<ReportFile> files = {{"report.html", ""}};
  std::string figures;
  for (const auto& c : charts) {
    const std::string svg = RenderBarChart(c.chart);
    files.push_back({c.file, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + svg});
    figures += Figure(c.file, c.chart, svg, c.caption);
  }
  const SweepSection sweeps = RenderSweepSection(input.sweeps, input.slo);
  if (closing_lines) *closing_lines = sweeps.closing_lines;
  for (const auto& [name, svg] : sweeps.files) files.push_back({name, svg});
  files[0].content = Page(m, figures, sweeps.html);
  // For $GITHUB_STEP_SUMMARY: markdown GitHub renders, images by relative path.
  files.push_back(
      {"summary.md",
       "# skyseed capacity report\n\nSeed " + std::to_string(input.seed) + " (" +
           EscapeMarkup(input.generator_version) + "), " + std::to_string(input.tiers.size()) +
           " tiers reached; charts and every table in report.html.\n\n" +
           (sweeps.markdown.empty() ? "No capacity sweep recorded.\n" : sweeps.markdown)});
  return files;
}

}  // namespace skyseed
