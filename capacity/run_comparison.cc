#include "capacity/run_comparison.h"

#include <algorithm>
#include <sstream>

#include "common/number_text.h"

namespace skyseed {
namespace {

constexpr const char* kNone = "–";

// The columns of the earlier run's CSV, each with its field.
const std::vector<std::pair<const char*, std::string RunTierFigures::*>>& FigureColumns() {
  static const std::vector<std::pair<const char*, std::string RunTierFigures::*>> columns = {
      {"tier", &RunTierFigures::tier},
      {"db_gib", &RunTierFigures::db_gib},
      {"rows_per_cone", &RunTierFigures::rows_per_cone},
      {"blocks_per_cone", &RunTierFigures::blocks_per_cone},
      {"read_per_cone", &RunTierFigures::read_per_cone},
      {"cone_p50_ms", &RunTierFigures::cone_p50_ms},
      {"hit_ratio", &RunTierFigures::hit_ratio},
      {"peak_tps_db", &RunTierFigures::peak_tps_db},
      {"peak_rps_tap", &RunTierFigures::peak_rps_tap},
      {"limit_db", &RunTierFigures::limit_db},
      {"limit_tap", &RunTierFigures::limit_tap}};
  return columns;
}

bool IsCone(const StatementTimes& s) {
  return s.query.find("<@ scircle(") != std::string::npos &&
         s.query.find("gaia_source") != std::string::npos;
}

// "1,234": a count per cone, rounded, with thousands separated.
std::string Grouped(double v) {
  std::string digits = FormatNumber("%.0f", v);
  for (int at = static_cast<int>(digits.size()) - 3; at > 0; at -= 3) digits.insert(at, ",");
  return digits;
}

// Rows, blocks and reads per cone call over the valid one-client windows.
void AddConeCost(const TierSweep& t, RunTierFigures* f) {
  double calls = 0, rows = 0, blocks = 0, reads = 0, p50 = 0;
  int p50s = 0;
  for (const SweepWindow& w : t.windows) {
    if (w.clients != 1 || !w.valid()) continue;
    for (const StatementTimes& s : w.statements.by_total) {
      if (!IsCone(s)) continue;
      calls += s.calls;
      rows += s.rows;
      blocks += s.shared_hit + s.shared_read;
      reads += s.shared_read;
    }
    for (const ClassLatency& c : w.classes) {
      if (c.query_class != "cone_source") continue;
      p50 += c.latency_ms.p50;
      ++p50s;
    }
  }
  f->rows_per_cone = calls > 0 ? Grouped(rows / calls) : kNone;
  f->blocks_per_cone = calls > 0 ? Grouped(blocks / calls) : kNone;
  f->read_per_cone = calls > 0 ? Grouped(reads / calls) : kNone;
  f->cone_p50_ms = p50s > 0 ? FormatNumber("%.2f", p50 / p50s) : kNone;
}

std::vector<std::string> SplitCsvLine(const std::string& line) {
  std::vector<std::string> cells;
  std::stringstream in(line);
  for (std::string cell; std::getline(in, cell, ',');) cells.push_back(cell);
  if (!line.empty() && line.back() == ',') cells.push_back("");
  return cells;
}

std::string TableRow(const RunTierFigures& f, const std::string& label) {
  std::string row = "| " + f.tier + " | " + label;
  for (size_t i = 1; i < FigureColumns().size(); ++i) row += " | " + f.*FigureColumns()[i].second;
  return row + " |\n";
}

}  // namespace

std::optional<std::pair<const SweepRecord*, const SweepRecord*>> ScalingRunOf(
    const std::vector<SweepRecord>& sweeps) {
  std::optional<std::pair<const SweepRecord*, const SweepRecord*>> run;
  size_t most = 0;
  for (const SweepRecord& tap : sweeps) {
    const SweepRecord* db = tap.key.tap() ? PairedDatabaseSweep(sweeps, tap) : nullptr;
    if (db == nullptr) continue;
    const size_t shared =
        std::count_if(db->tiers.begin(), db->tiers.end(), [&](const TierSweep& d) {
          return std::any_of(tap.tiers.begin(), tap.tiers.end(),
                             [&](const TierSweep& t) { return t.tier == d.tier; });
        });
    if (!run || shared > most) run = std::make_pair(db, &tap), most = shared;
  }
  return run;
}

std::vector<RunTierFigures> RunFigures(const SweepRecord& db, const SweepRecord& tap,
                                       const Slo& slo) {
  std::vector<RunTierFigures> out;
  for (const TierSweep& d : db.tiers) {
    const auto t = std::find_if(tap.tiers.begin(), tap.tiers.end(),
                                [&](const TierSweep& x) { return x.tier == d.tier; });
    if (t == tap.tiers.end()) continue;
    RunTierFigures f;
    f.tier = d.tier;
    f.db_gib = FormatNumber("%.2f", static_cast<double>(d.database_size) / (1 << 30));
    AddConeCost(d, &f);
    const MeanInterval h = ValidInterval(d.windows, WindowHitRatio);
    f.hit_ratio = h.n > 0 ? FormatNumber("%.4f", h.mean) : "n/a";
    f.peak_tps_db = FormatNumber("%.0f", CapacityOf(d, slo).peak_tps);
    f.peak_rps_tap = FormatNumber("%.1f", CapacityOf(*t, slo).peak_tps);
    f.limit_db = LimitText(d);
    f.limit_tap = LimitText(*t);
    out.push_back(f);
  }
  return out;
}

Result<std::vector<RunTierFigures>> ParseEarlierRun(const std::string& csv,
                                                    const std::string& shown) {
  std::stringstream in(csv);
  std::string line;
  std::getline(in, line);
  const std::vector<std::string> header = SplitCsvLine(line);
  std::vector<std::string RunTierFigures::*> fields;
  for (const std::string& name : header) {
    const auto c = std::find_if(FigureColumns().begin(), FigureColumns().end(),
                                [&](const auto& col) { return name == col.first; });
    if (c == FigureColumns().end()) {
      return Status::InvalidArgument(shown + ": its header names '" + name +
                                     "', not a column of a scaling run's tiers.csv");
    }
    fields.push_back(c->second);
  }
  if (fields.size() != FigureColumns().size()) {
    std::string names;
    for (const auto& [name, field] : FigureColumns())
      names += std::string(names.empty() ? "" : ", ") + name;
    return Status::InvalidArgument(shown + ": its header must name " + names);
  }
  std::vector<RunTierFigures> tiers;
  for (int n = 2; std::getline(in, line); ++n) {
    if (line.empty()) continue;
    const std::vector<std::string> cells = SplitCsvLine(line);
    if (cells.size() != fields.size()) {
      return Status::InvalidArgument(shown + " line " + std::to_string(n) + " has " +
                                     std::to_string(cells.size()) + " cells; its header " +
                                     std::to_string(fields.size()));
    }
    RunTierFigures f;
    for (size_t i = 0; i < cells.size(); ++i) f.*fields[i] = cells[i];
    tiers.push_back(f);
  }
  if (tiers.empty()) return Status::InvalidArgument(shown + " holds no tier");
  return tiers;
}

std::string RunComparisonTable(const std::vector<RunTierFigures>& earlier,
                               const std::vector<RunTierFigures>& now,
                               const std::string& earlier_label, const std::string& now_label) {
  std::string table =
      "| Tier | Run | Size GiB | Rows / cone | Blocks / cone | Read / cone | Cone p50 ms "
      "| Hit ratio | Peak tps | Peak req/s | Limit, database | Limit, TAP |\n"
      "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|\n";
  for (const RunTierFigures& f : now) {
    for (const RunTierFigures& e : earlier) {
      if (e.tier == f.tier) table += TableRow(e, earlier_label);
    }
    table += TableRow(f, now_label);
  }
  return table;
}

}  // namespace skyseed
