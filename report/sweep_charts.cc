#include "report/sweep_charts.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>

#include "common/number_text.h"
#include "report/format.h"
#include "sweep_record/sweep_kind_words.h"
#include "sweep_record/sweep_record.h"

namespace skyseed {
namespace {

const char* const kColors[] = {"#2563eb", "#d97706", "#059669", "#dc2626",
                               "#7c3aed", "#0891b2", "#65a30d", "#db2777"};
const char* SweepColor(size_t i) { return kColors[i % 8]; }

// Four decimals: a hit ratio's story is in the third and fourth.
std::string FormatHitRatio(double v) { return FormatNumber("%.4f", v); }

// Response sizes run from a few hundred bytes (a lookup) to megabytes.
std::string ResponseBytes(double b) {
  if (b < 1024) return FormatNumber("%.0f B", b);
  if (b < 1024 * 1024) return FormatNumber("%.3g KiB", b / 1024);
  return FormatNumber("%.3g MiB", b / (1024 * 1024));
}

std::string Percent(double v) { return FormatNumber(v >= 10 ? "%.0f %%" : "%.2g %%", v); }

bool AnyFlagged(const std::vector<SweepWindow>& ws) {
  return std::any_of(ws.begin(), ws.end(), [](const SweepWindow& w) { return !w.valid(); });
}

LinePoint PointOf(double x, const MeanInterval& m, bool flagged) {
  // Latencies and rates cannot go below zero, whatever the interval says.
  return {x, m.mean, std::max(0.0, m.mean - m.half_width), m.mean + m.half_width, flagged};
}

LinePoint Point(double x, const std::vector<SweepWindow>& ws,
                double (*figure)(const SweepWindow&)) {
  return PointOf(x, ValidInterval(ws, figure), AnyFlagged(ws));
}

bool HasValid(const std::vector<SweepWindow>& ws) {
  return std::any_of(ws.begin(), ws.end(), [](const SweepWindow& w) { return w.valid(); });
}

double ErrorPercent(const SweepWindow& w) { return 100 * w.error_rate; }
double DatabaseCores(const SweepWindow& w) { return w.database_cores; }
double ServiceCoresOf(const SweepWindow& w) { return w.service_cores; }
double Reads(const SweepWindow& w) { return w.reads_per_s; }

const char* const kWhiskers =
    " Points are means over the valid repetitions, whiskers their 95 % Student-t interval; a "
    "hollow point had a flagged window.";

// Whether the points' x (or y) values span a decade or more. From D1 to D4
// the tiers' throughput falls by two orders of magnitude: on a linear axis
// every tier but the fastest lies flat on zero, so such an axis is a log one.
bool SpansADecade(const LineChart& c, bool x_axis) {
  double lo = std::numeric_limits<double>::infinity(), hi = 0;
  for (const LineSeries& s : c.series) {
    for (const LinePoint& p : s.points) {
      const double v = x_axis ? p.x : p.y;
      if (v <= 0) continue;
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
  }
  return hi > 0 && hi >= 10 * lo;
}

LineChart ClientChart(const std::string& title, const std::string& y_title, const SweepUnits& u) {
  LineChart c;
  c.title = title;
  c.x_title = u.clients;
  c.y_title = y_title;
  c.log_x = true;
  c.x_label = [](double x) { return FormatPlain(x); };
  return c;
}

// One line per tier of `figure` against client count.
LineChart PerTierClientChart(const SweepRecord& r, const std::string& title,
                             const std::string& y_title, double (*figure)(const SweepWindow&)) {
  LineChart c = ClientChart(title, y_title, UnitsOf(r));
  for (size_t i = 0; i < r.tiers.size(); ++i) {
    LineSeries s{r.tiers[i].tier, SweepColor(i), {}};
    for (const auto& [clients, ws] : WindowsByClients(r.tiers[i]))
      s.points.push_back(Point(clients, ws, figure));
    c.series.push_back(s);
  }
  return c;
}

LineChart LatencyChart(const TierSweep& t, const SweepUnits& u) {
  LineChart c = ClientChart("Latency by client count, tier " + t.tier,
                            std::string("latency per ") + u.per, u);
  c.y_label = Ms;
  c.y_scale = YScale::kLog;  // p50 and p99 differ by orders of magnitude
  const struct {
    const char* name;
    double (*figure)(const SweepWindow&);
  } lines[] = {{"p50", WindowP50}, {"p95", WindowP95}, {"p99", WindowP99}};
  for (size_t i = 0; i < 3; ++i) {
    LineSeries s{lines[i].name, SweepColor(i), {}};
    for (const auto& [clients, ws] : WindowsByClients(t))
      s.points.push_back(Point(clients, ws, lines[i].figure));
    c.series.push_back(s);
  }
  return c;
}

// A class's figure over a step's valid windows.
MeanInterval ClassInterval(const std::vector<SweepWindow>& ws, const std::string& name,
                           double (*figure)(const ClassLatency&)) {
  std::vector<double> v;
  for (const SweepWindow& w : ws) {
    if (!w.valid()) continue;
    for (const ClassLatency& cl : w.classes) {
      if (cl.query_class == name) v.push_back(figure(cl));
    }
  }
  return StudentInterval95(v);
}

double ClassP95(const ClassLatency& c) { return c.latency_ms.p95; }
double ClassP50(const ClassLatency& c) { return c.latency_ms.p50; }
double ClassBytes(const ClassLatency& c) { return c.bytes_per_answer; }

std::vector<std::string> ClassNames(const SweepRecord& r) {
  std::vector<std::string> names;
  for (const TierSweep& t : r.tiers) {
    for (const SweepWindow& w : t.windows) {
      for (const ClassLatency& c : w.classes) {
        if (std::find(names.begin(), names.end(), c.query_class) == names.end())
          names.push_back(c.query_class);
      }
    }
  }
  std::sort(names.begin(), names.end());
  return names;
}

LineChart ClassChart(const TierSweep& t, const SweepUnits& u,
                     const std::vector<std::string>& names) {
  LineChart c = ClientChart("p95 by query class, tier " + t.tier, "p95 latency", u);
  c.y_label = Ms;
  c.y_scale = YScale::kLog;
  for (size_t i = 0; i < names.size(); ++i) {
    LineSeries s{names[i], SweepColor(i), {}};
    for (const auto& [clients, ws] : WindowsByClients(t)) {
      const MeanInterval m = ClassInterval(ws, names[i], ClassP95);
      if (m.n > 0) s.points.push_back(PointOf(clients, m, AnyFlagged(ws)));
    }
    if (!s.points.empty()) c.series.push_back(s);
  }
  return c;
}

// The spread of throughput between repetitions of a step: the coefficient
// of variation of its valid windows, in percent (two or more windows).
LineChart SpreadChart(const SweepRecord& r) {
  LineChart c = ClientChart("Run-to-run spread of throughput",
                            "coefficient of variation between repetitions", UnitsOf(r));
  c.y_label = Percent;
  for (size_t i = 0; i < r.tiers.size(); ++i) {
    LineSeries s{r.tiers[i].tier, SweepColor(i), {}};
    for (const auto& [clients, ws] : WindowsByClients(r.tiers[i])) {
      std::vector<double> v;
      for (const SweepWindow& w : ws) {
        if (w.valid()) v.push_back(w.tps);
      }
      if (v.size() < 2) continue;
      double mean = 0, squares = 0;
      for (double x : v) mean += x / v.size();
      for (double x : v) squares += (x - mean) * (x - mean);
      const double cv = mean > 0 ? 100 * std::sqrt(squares / (v.size() - 1)) / mean : 0;
      s.points.push_back({static_cast<double>(clients), cv, cv, cv, AnyFlagged(ws)});
    }
    if (!s.points.empty()) c.series.push_back(s);
  }
  return c;
}

// `figure` against throughput, one point per step, one line per tier: what
// each transaction or request costs the server as load rises.
LineChart ThroughputAxisChart(const SweepRecord& r, const std::string& title,
                              const std::string& y_title, double (*figure)(const SweepWindow&),
                              bool (*measured)(const SweepWindow&)) {
  LineChart c;
  c.title = title;
  c.x_title = UnitsOf(r).rate;
  c.y_title = y_title;
  c.x_label = [](double v) { return FormatCount(v); };
  c.y_label = [](double v) { return FormatPlain(v); };
  for (size_t i = 0; i < r.tiers.size(); ++i) {
    LineSeries s{r.tiers[i].tier, SweepColor(i), {}};
    for (const auto& [clients, ws] : WindowsByClients(r.tiers[i])) {
      std::vector<SweepWindow> kept;
      for (const SweepWindow& w : ws) {
        if (measured(w)) kept.push_back(w);
      }
      if (!HasValid(kept)) continue;
      s.points.push_back(Point(ValidInterval(kept, WindowTps).mean, kept, figure));
    }
    std::sort(s.points.begin(), s.points.end(),
              [](const LinePoint& a, const LinePoint& b) { return a.x < b.x; });
    if (!s.points.empty()) c.series.push_back(s);
  }
  c.log_x = SpansADecade(c, true);
  return c;
}

bool Always(const SweepWindow&) { return true; }
bool DatabaseMeasured(const SweepWindow& w) { return w.database_cores >= 0; }
bool ServiceMeasured(const SweepWindow& w) { return w.service_cores >= 0; }

LineChart SizeAxis(const std::string& title, const std::string& y_title) {
  LineChart c;
  c.title = title;
  c.x_title = "pg_database_size() of the tier";
  c.y_title = y_title;
  c.log_x = true;
  c.x_label = [](double b) { return FormatBytes(b); };
  return c;
}

LineChart SweepSizeChart(const SweepRecord& r, const std::string& title, const std::string& y_title,
                         double (*figure)(const SweepWindow&),
                         std::function<std::string(double)> y_label) {
  LineChart c = SizeAxis(title, y_title);
  c.y_label = std::move(y_label);
  LineSeries s{"at the client count of peak throughput", SweepColor(0), {}};
  for (const TierSweep& t : r.tiers) {
    const auto steps = WindowsByClients(t);
    if (const std::vector<SweepWindow>* ws = PeakStep(steps)) {
      s.points.push_back(Point(static_cast<double>(t.database_size), *ws, figure));
    }
  }
  c.series.push_back(s);
  return c;
}

// The lowest client count of a tier: its latencies are the unloaded ones,
// comparable from tier to tier whatever the peak's client count.
const std::vector<SweepWindow>* FirstStep(const std::map<int, std::vector<SweepWindow>>& steps) {
  return steps.empty() ? nullptr : &steps.begin()->second;
}

// One line per query class, one point per tier from the windows of its
// lowest client count (`point` says whether that tier has one), in x order.
template <typename PointOfTier>
void AddClassLines(const SweepRecord& r, const std::vector<std::string>& names, PointOfTier point,
                   LineChart* c) {
  for (size_t i = 0; i < names.size(); ++i) {
    LineSeries s{names[i], SweepColor(i), {}};
    for (const TierSweep& t : r.tiers) {
      const auto steps = WindowsByClients(t);
      const std::vector<SweepWindow>* ws = FirstStep(steps);
      LinePoint p;
      if (ws != nullptr && point(t, *ws, names[i], &p)) s.points.push_back(p);
    }
    std::sort(s.points.begin(), s.points.end(),
              [](const LinePoint& a, const LinePoint& b) { return a.x < b.x; });
    if (!s.points.empty()) c->series.push_back(s);
  }
}

// Each class's p95 at the lowest client count, against database size.
LineChart ClassSizeChart(const SweepRecord& r, const std::vector<std::string>& names) {
  LineChart c = SizeAxis("p95 of each query class by database size", "p95 latency");
  c.y_label = Ms;
  c.y_scale = YScale::kLog;
  AddClassLines(
      r, names,
      [](const TierSweep& t, const std::vector<SweepWindow>& ws, const std::string& name,
         LinePoint* p) {
        const MeanInterval m = ClassInterval(ws, name, ClassP95);
        if (m.n > 0) *p = PointOf(static_cast<double>(t.database_size), m, AnyFlagged(ws));
        return m.n > 0;
      },
      &c);
  return c;
}

// A TAP class's p50 against its mean response size, one point per tier at
// the lowest client count: how much of a request's time grows with bytes.
LineChart ResponseSizeChart(const SweepRecord& r, const std::vector<std::string>& names) {
  LineChart c;
  c.title = "p50 by response size (lowest client count)";
  c.x_title = "mean response size of the class";
  c.y_title = "p50 latency";
  c.log_x = true;
  c.y_scale = YScale::kLog;
  c.x_label = ResponseBytes;
  c.y_label = Ms;
  AddClassLines(
      r, names,
      [](const TierSweep&, const std::vector<SweepWindow>& ws, const std::string& name,
         LinePoint* p) {
        const MeanInterval bytes = ClassInterval(ws, name, ClassBytes);
        if (bytes.n == 0 || bytes.mean <= 0) return false;
        *p = PointOf(bytes.mean, ClassInterval(ws, name, ClassP50), AnyFlagged(ws));
        return true;
      },
      &c);
  return c;
}

bool Drawn(const LineChart& c) {
  return std::any_of(c.series.begin(), c.series.end(),
                     [](const LineSeries& s) { return !s.points.empty(); });
}

// Adds a chart to the page when it has something drawn.
using AddChart = std::function<void(std::string name, LineChart chart, std::string caption)>;

// The charts against database size, one point per tier.
void AddSizeCharts(const SweepRecord& r, const SweepUnits& u, const std::vector<std::string>& names,
                   const AddChart& add) {
  LineChart peak = SweepSizeChart(r, "Peak throughput by database size", u.rate, WindowTps,
                                  [](double v) { return FormatCount(v); });
  if (SpansADecade(peak, false)) peak.y_scale = YScale::kLog;
  add("scaling_tps.svg", peak, "Each tier's highest mean throughput over its client counts.");
  LineChart p95 = SweepSizeChart(r, "p95 by database size", "p95 latency", WindowP95, Ms);
  p95.y_scale = YScale::kLog;
  add("scaling_p95.svg", p95, "p95 at each tier's client count of peak throughput.");
  LineChart hits = SweepSizeChart(r, "Buffer hit ratio by database size", "shared-buffer hit ratio",
                                  WindowHitRatio, FormatHitRatio);
  hits.y_scale = YScale::kZoomed;  // 0.998 against 0.9999 is the story
  hits.y_ceiling = 1;
  hits.y_floor = 0;
  hits.y_min_span = 0.0009;  // ticks 0.0002 apart, which four decimals print exactly
  hits.label_points = true;
  add("scaling_hit_ratio.svg", hits,
      "Shared-buffer hits / (hits + reads) in the windows at peak throughput, each value "
      "printed, on an axis zoomed onto them: where it falls, the working set no longer fits in "
      "shared_buffers.");
  add("scaling_classes.svg", ClassSizeChart(r, names),
      "p95 of each query class at each tier's lowest client count (unloaded), against database "
      "size: which class suffers first as the tiers outgrow memory.");
  // Drawn only where windows recorded response sizes and the service's CPU:
  // what the record holds decides, not the kind of sweep.
  add("response_size.svg", ResponseSizeChart(r, names),
      "p50 of each TAP class against its mean response size, one point per tier at the "
      "lowest client count: the part of a request's time that grows with what it returns.");
}

}  // namespace

SweepUnits UnitsOf(const SweepRecord& r) {
  const SweepKindWords& w = WordsOf(r.key.kind);
  return {w.clients, w.rate, w.per};
}

const std::vector<SweepWindow>* PeakStep(const std::map<int, std::vector<SweepWindow>>& steps) {
  const std::vector<SweepWindow>* best = nullptr;
  double best_tps = -1;
  for (const auto& [clients, ws] : steps) {
    const double tps = ValidInterval(ws, WindowTps).mean;
    if (tps > best_tps) {
      best_tps = tps;
      best = &ws;
    }
  }
  return best;
}

std::vector<SweepChart> SweepCharts(const SweepRecord& r) {
  const SweepKindWords& words = WordsOf(r.key.kind);
  const SweepUnits u = UnitsOf(r);
  const std::vector<std::string> names = ClassNames(r);
  std::vector<SweepChart> out;
  const AddChart add = [&](std::string name, LineChart chart, std::string caption) {
    if (Drawn(chart)) out.push_back({std::move(name), std::move(chart), std::move(caption)});
  };
  LineChart tps = PerTierClientChart(r, "Throughput by client count", u.rate, WindowTps);
  tps.y_label = [](double v) { return FormatCount(v); };
  if (SpansADecade(tps, false)) tps.y_scale = YScale::kLog;
  add("throughput.svg", tps, std::string(words.throughput) + ", one line per tier." + kWhiskers);
  for (const TierSweep& t : r.tiers) {
    add("latency_" + t.tier + ".svg", LatencyChart(t, u),
        words.latency + t.tier + ", on a log axis." + kWhiskers);
    add("classes_" + t.tier + ".svg", ClassChart(t, u, names),
        "p95 of each query class of the mix, tier " + t.tier + ".");
  }
  LineChart errors =
      PerTierClientChart(r, "Errors by client count",
                         std::string("failed ") + u.per + "s (% of " + u.per + "s)", ErrorPercent);
  errors.y_label = Percent;
  add("errors.svg", errors,
      std::string(words.errors) + " as a share of all, per tier." + kWhiskers);
  add("spread.svg", SpreadChart(r),
      "How far repetitions of one step disagree: the standard deviation of their throughput "
      "over its mean. Above a few percent, compare runs only through their intervals.");
  LineChart cpu =
      ThroughputAxisChart(r, "PostgreSQL CPU by throughput", "cores used by PostgreSQL's processes",
                          DatabaseCores, DatabaseMeasured);
  add("database_cpu.svg", cpu,
      "CPU seconds per second of the postmaster's process tree against throughput, one point "
      "per client count: a line that bends up means each " +
          std::string(u.per) + " costs the database more as load rises.");
  add("service_cpu.svg",
      ThroughputAxisChart(r, "TAP service CPU by throughput", "cores used by the service",
                          ServiceCoresOf, ServiceMeasured),
      "CPU seconds per second of the service's process tree against throughput; its "
      "ceiling is the cores it can use (one for DaCHS).");
  LineChart reads = ThroughputAxisChart(r, "Reads by throughput",
                                        "blocks read outside shared buffers per s", Reads, Always);
  reads.y_label = [](double v) { return FormatCount(v); };
  add("database_reads.svg", reads,
      "Blocks PostgreSQL read from the page cache or disk per second against throughput: "
      "zero while the working set fits in shared_buffers.");
  AddSizeCharts(r, u, names, add);
  return out;
}

}  // namespace skyseed
