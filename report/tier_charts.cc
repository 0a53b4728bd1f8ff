#include "report/tier_charts.h"

#include <algorithm>
#include <cstdint>

#include "report/format.h"
#include "timing/task_times.h"

namespace skyseed {
namespace {

const char* const kPalette[] = {"#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2",
                                "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"};
// A table in the dark and its indexes in the light shade of one hue.
const char* const kDark[] = {"#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#b07aa1"};
const char* const kLight[] = {"#a0cbe8", "#ffbe7d", "#8cd17d", "#ff9d9a", "#d4a6c8"};
const char* TierColor(size_t i) { return kPalette[i % std::size(kPalette)]; }

std::string Seconds(double s) { return FormatPlain(s) + " s"; }
std::string Rate(double r) { return FormatCount(r) + "/s"; }

BarChart RowsChart(const TierModel& m) {
  BarChart c{.title = "Rows per tier",
             .y_title = "rows",
             .groups = m.groups,
             .tick_label = FormatCount,
             .value_label = FormatCount,
             .log_when_wide = true};
  for (size_t i = 0; i < m.tables.size(); ++i) c.series.push_back({m.tables[i], TierColor(i)});
  for (const TierRecord& t : m.in.tiers) {
    c.values.emplace_back();
    for (const std::string& table : m.tables) c.values.back().push_back(TierTableRows(t, table));
  }
  return c;
}

BarChart TierSizeChart(const TierModel& m) {
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
      const TierTableRecord* r = FindTierTable(t, table);
      row.push_back(r ? static_cast<double>(r->table_size) : 0);
      row.push_back(r ? static_cast<double>(r->indexes_size) : 0);
      rest -= r ? r->table_size + r->indexes_size : 0;
    }
    row.push_back(static_cast<double>(std::max<int64_t>(0, rest)));
    c.values.push_back(row);
  }
  return c;
}

BarChart PhasesChart(const TierModel& m) {
  BarChart c{.title = "Time per phase per tier",
             .y_title = "wall time",
             .groups = m.groups,
             .series = {{"load", TierColor(0)},
                        {"indexes (all builds, in parallel)", TierColor(1)},
                        {"vacuum", TierColor(2)},
                        {"other", "#bab0ac"}},
             .stacked = true,
             .tick_label = Seconds,
             .value_label = FormatSeconds};
  for (size_t i = 0; i < m.in.tiers.size(); ++i) {
    const TierPhases& p = m.phases[i];
    const double other = std::max(0.0, m.in.tiers[i].seconds - p.load - p.indexes - p.vacuum);
    c.values.push_back({p.load, p.indexes, p.vacuum, other});
  }
  return c;
}

// Wall time beside the two lower bounds the recorded tasks imply.
BarChart BoundsChart(const TierModel& m) {
  BarChart c{.title = "Wall time against its bounds",
             .y_title = "seconds",
             .groups = m.groups,
             .series = {{"wall time", TierColor(0)},
                        {"work bound (busy seconds / cores)", TierColor(1)},
                        {"longest single task", TierColor(2)}},
             .tick_label = Seconds,
             .value_label = FormatSeconds};
  for (size_t i = 0; i < m.in.tiers.size(); ++i) {
    const TimeBounds b = BoundsOf(m.phases[i].tasks, m.phases[i].cores);
    c.values.push_back({m.in.tiers[i].seconds, b.work_bound, b.longest});
  }
  return c;
}

std::string BoundsCaption(const TierModel& m) {
  std::string c =
      "A tier cannot be grown faster than all its work spread over every core (the busy "
      "seconds of every task: each loading connection's backend and client thread, each index "
      "build, each VACUUM; CPU seconds when the server runs on the same host), nor faster than "
      "its longest task that cannot be split (an index build or a VACUUM is one statement in "
      "one backend). Wall time near the larger bound: bound by it; well above both: waiting.";
  for (size_t i = 0; i < m.phases.size(); ++i) {
    const TierPhases& p = m.phases[i];
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
BarChart IndexChart(const TierModel& m) {
  BarChart c{.title = "Index builds per tier",
             .y_title = "build time",
             .groups = m.groups,
             .tick_label = Seconds,
             .value_label = FormatSeconds,
             .width = 1240};
  for (size_t i = 0; i < m.indexes.size(); ++i) c.series.push_back({m.indexes[i], TierColor(i)});
  for (const TierPhases& p : m.phases) {
    c.values.emplace_back();
    for (const std::string& index : m.indexes) {
      const auto it = p.index_builds.find(index);
      c.values.back().push_back(it == p.index_builds.end() ? 0 : it->second);
    }
  }
  return c;
}

BarChart ThroughputChart(const TierModel& m) {
  BarChart c{.title = "Load throughput per table",
             .y_title = "rows per second",
             .groups = m.groups,
             .tick_label = Rate,
             .value_label = Rate};
  for (size_t i = 0; i < m.tables.size(); ++i) c.series.push_back({m.tables[i], TierColor(i)});
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

std::string PhasesCaption(const TierModel& m) {
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

}  // namespace

std::vector<TierChart> TierCharts(const TierModel& m) {
  return {
      {"rows_per_tier.svg", RowsChart(m), "Rows of each corpus table once the tier was reached."},
      {"size_per_tier.svg", TierSizeChart(m),
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
}

}  // namespace skyseed
