#include "report/sweep_report.h"

#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>

#include "charts/line_chart.h"
#include "report/sweep_charts.h"
#include "sweep/sweep_options.h"
#include "tests/report/test_windows.h"

namespace skyseed {
namespace {

SweepWindow SweepReportWindow(int clients, int rep, double tps, double p95, bool flagged = false) {
  SweepWindow w = TestWindow(clients, rep, tps, p95, flagged);
  w.hit_ratio = 0.99;
  w.classes = {{"lookup_source", w.latency_ms}};
  return w;
}

SweepRecord SweepReportRecord() {
  TierSweep t;
  t.tier = "ci";
  t.database_size = 40 << 20;
  t.windows = {SweepReportWindow(1, 1, 1000, 1), SweepReportWindow(1, 2, 1200, 1.2),
               SweepReportWindow(2, 1, 1900, 1.5), SweepReportWindow(2, 2, 99999, 9, true)};
  t.finding.saturated = true;
  t.finding.limit = LimitKind::kDatabaseCpu;
  t.finding.reason = "at 2 clients throughput +2 %";
  return {MixKey("lookup_source=100"), {}, {t}};
}

TEST(SweepReport, ChartsTablesAndFiles) {
  const SweepSection s = RenderSweepSection({SweepReportRecord()});
  std::vector<std::string> names;
  for (const auto& f : s.files) names.push_back(f.first);
  const std::string id = "sweep_" + SweepId(MixKey("lookup_source=100")) + "_";
  // No PostgreSQL CPU chart: these windows did not measure the server's
  // processes (database_cores -1).
  EXPECT_EQ(names, (std::vector<std::string>{
                       id + "throughput.svg", id + "latency_ci.svg", id + "classes_ci.svg",
                       id + "errors.svg", id + "spread.svg", id + "database_reads.svg",
                       id + "scaling_tps.svg", id + "scaling_p95.svg", id + "scaling_hit_ratio.svg",
                       id + "scaling_classes.svg"}));
  // The mean of the two valid 1-client windows, and the flagged 99999 left out
  // of the 2-client point (which is drawn hollow).
  EXPECT_NE(s.files[0].second.find("ci \u00b7 1: 1.1k"), std::string::npos);
  EXPECT_NE(s.files[0].second.find("ci \u00b7 2: 1.9k"), std::string::npos);
  EXPECT_EQ(s.files[0].second.find("100k"), std::string::npos);
  EXPECT_NE(s.files[0].second.find("flagged"), std::string::npos);
  EXPECT_NE(s.html.find("database-cpu: at 2 clients"), std::string::npos);
  EXPECT_NE(s.html.find("swap grew in the window"), std::string::npos);
  EXPECT_TRUE(RenderSweepSection({}).html.empty());
  // The headline: guards (the 2-client rep 2 window swapped), then peak and
  // sustainable capacity, in the page and in summary.md.
  EXPECT_NE(s.html.find("Validity guards: 1 failed"), std::string::npos);
  EXPECT_NE(s.html.find("failed in 1: ci 2 clients rep 2"), std::string::npos);
  EXPECT_NE(s.markdown.find("| no swapping | failed in 1: ci 2 clients rep 2 |"), std::string::npos)
      << s.markdown;
  EXPECT_NE(s.markdown.find("| ci | 40.0 MiB | 1.9k tps at 2 clients |"), std::string::npos)
      << s.markdown;
  ASSERT_EQ(s.closing_lines.size(), 1u);
  EXPECT_EQ(s.closing_lines[0],
            "capacity tiers=ci peak_tps=1900 sustainable_tps=1900 slo_p95_ms=2000 "
            "guards=failed:1 limit_ci=database-cpu");
  EXPECT_NE(s.markdown.find("```\n" + s.closing_lines[0] + "\n```"), std::string::npos);
}

// What `skyseed report` prints after the path: every sweep's capacity line in
// the order recorded, then the scaling line of the TAP sweep paired with the
// database sweep measured with the same windows.
// A tier the sweep could not measure (the database had grown past it) has
// no latency chart: summary.md links only the charts written (it linked
// latency_ci.svg, never written).
TEST(SweepReport, SummaryLinksOnlyChartsWritten) {
  SweepRecord r = SweepReportRecord();
  TierSweep unmeasured;
  unmeasured.tier = "S";
  r.tiers.push_back(unmeasured);
  const SweepSection s = RenderSweepSection({r});
  std::set<std::string> written;
  for (const auto& f : s.files) written.insert(f.first);
  const std::regex link(R"(\]\(([^)]+\.svg)\))");
  int links = 0;
  for (std::sregex_iterator it(s.markdown.begin(), s.markdown.end(), link), end; it != end;
       ++it, ++links) {
    EXPECT_EQ(written.count((*it)[1].str()), 1u) << (*it)[1].str() << " linked, not written";
  }
  EXPECT_EQ(links, 2) << s.markdown;  // throughput, and ci's latency
  EXPECT_EQ(s.markdown.find("latency_S.svg"), std::string::npos);
}

TEST(SweepReport, ClosingLinesCapacityThenScaling) {
  SweepRecord db = SweepReportRecord();
  db.key = MixKey("lookup_source=100");
  SweepRecord tap = SweepReportRecord();
  tap.key = MixKey("lookup_obs=100");
  tap.key.kind = SweepKind::kTap;
  tap.key.service = "skyseed-dachs";
  for (SweepWindow& w : tap.tiers[0].windows) w.tps /= 100;
  SweepRecord other = SweepReportRecord();
  other.key = MixKey("cone_source=100");
  other.key.seed = 2;  // paired with no TAP sweep
  for (SweepWindow& w : other.tiers[0].windows) w.tps *= 2;
  const SweepSection s = RenderSweepSection({tap, db, other});
  ASSERT_EQ(s.closing_lines.size(), 4u);
  EXPECT_EQ(s.closing_lines[0].rfind("capacity tiers=ci peak_tps=19.0 ", 0), 0u)
      << s.closing_lines[0];
  EXPECT_EQ(s.closing_lines[1].rfind("capacity tiers=ci peak_tps=1900 ", 0), 0u)
      << s.closing_lines[1];
  EXPECT_EQ(s.closing_lines[2].rfind("capacity tiers=ci peak_tps=3800 ", 0), 0u)
      << s.closing_lines[2];
  EXPECT_EQ(s.closing_lines[3].rfind("scaling tiers=ci db_gib=0.04 ", 0), 0u) << s.closing_lines[3];
  EXPECT_NE(s.closing_lines[3].find(" peak_rps_tap=19.0 peak_tps_db=1900 "), std::string::npos)
      << s.closing_lines[3];
}

// A chart keeps its file name when another sweep is recorded beside its own
// (docs link to them), and two sweeps never share one.
TEST(SweepReport, ChartNamesAreTheSweepsOwn) {
  SweepRecord other = SweepReportRecord();
  other.key = MixKey("cone_source=100");
  const SweepSection alone = RenderSweepSection({SweepReportRecord()});
  const SweepSection both = RenderSweepSection({other, SweepReportRecord()});
  ASSERT_EQ(both.files.size(), 2 * alone.files.size());
  for (size_t i = 0; i < alone.files.size(); ++i) {
    EXPECT_EQ(both.files[alone.files.size() + i].first, alone.files[i].first);
    EXPECT_NE(both.files[i].first, alone.files[i].first);
  }
}

// Latency on a log axis (p50 and p99 decades apart); the hit ratio on an axis
// zoomed onto its values, each printed to four decimals.
TEST(SweepReport, LatencyLogAxisAndZoomedHitRatio) {
  SweepRecord r = SweepReportRecord();
  for (SweepWindow& w : r.tiers[0].windows) w.hit_ratio = 0.9983;
  const SweepSection s = RenderSweepSection({r});
  auto file = [&](const std::string& suffix) -> std::string {
    for (const auto& f : s.files) {
      if (f.first.size() > suffix.size() &&
          f.first.compare(f.first.size() - suffix.size(), suffix.size(), suffix) == 0) {
        return f.second;
      }
    }
    return "";
  };
  EXPECT_NE(file("latency_ci.svg").find("(log scale)</text>"), std::string::npos);
  const std::string hits = file("scaling_hit_ratio.svg");
  EXPECT_NE(hits.find(">0.9983</text>"), std::string::npos) << "the value printed";
  EXPECT_EQ(hits.find(">0.00</text>"), std::string::npos) << "no axis from zero";
  EXPECT_EQ(hits.find(">1.25"), std::string::npos);
  // Every window fully warm: the axis ends at 1, no tick above what a ratio
  // can be.
  for (SweepWindow& w : r.tiers[0].windows) w.hit_ratio = 1;
  const SweepSection warm = RenderSweepSection({r});
  for (const auto& f : warm.files) {
    if (f.first.find("scaling_hit_ratio") == std::string::npos) continue;
    EXPECT_NE(f.second.find(">1.0000</text>"), std::string::npos);
    const std::regex tick(">([01]\\.[0-9]{4})</text>");
    int below = 0;
    for (std::sregex_iterator m(f.second.begin(), f.second.end(), tick), end; m != end; ++m) {
      const double v = std::stod((*m)[1]);
      EXPECT_LE(v, 1.0) << f.second;
      below += v < 1.0;
    }
    EXPECT_GT(below, 0) << "the axis runs below 1";
  }
}

// A class whose recorded plan (PostgreSQL's, tests/report/plans) throws
// most rows away is named in the plan-flags table; a clean one is not.
TEST(SweepReport, PlanFlagsFromTheRecordedPlans) {
  auto plan = [](const char* name) {
    std::ifstream in(std::string(SKYSEED_TEST_PLANS_DIR) + "/" + name + ".json");
    return nlohmann::json::parse(in);
  };
  SweepRecord r = SweepReportRecord();
  r.tiers[0].explain = {{"cone_source", plan("filter")}, {"lookup_source", plan("clean")}};
  const std::string html = RenderSweepSection({r}).html;
  EXPECT_NE(html.find("<td class=\"l\">cone_source</td><td class=\"l\">filter-waste</td>"),
            std::string::npos);
  EXPECT_EQ(html.find("<td class=\"l\">lookup_source</td>"), std::string::npos);
  r.tiers[0].explain = {{"lookup_source", plan("clean")}};
  EXPECT_NE(RenderSweepSection({r}).html.find("No plan shows a misestimate, a nested loop run per "
                                              "row, a filter throwing most rows away, or JIT "
                                              "compilation taking much of its time (1 plans)"),
            std::string::npos);
  // No plan at all is not a clean plan.
  r.tiers[0].explain.clear();
  EXPECT_NE(RenderSweepSection({r}).html.find("No plan was recorded with this sweep"),
            std::string::npos);
}

struct TierHits {
  const char* tier;
  double size_gib;
  std::vector<double> hits;  // one window each, at 2 clients
};

// The scaling-run report's hit-ratio chart of these tiers.
std::string HitRatioChart(const std::vector<TierHits>& tiers) {
  SweepRecord r;
  r.key = MixKey("x=100");
  for (const TierHits& t : tiers) {
    TierSweep ts;
    ts.tier = t.tier;
    ts.database_size = static_cast<int64_t>(t.size_gib * (1LL << 30));
    for (size_t rep = 1; rep <= t.hits.size(); ++rep) {
      SweepWindow w;
      w.tier = t.tier;
      w.clients = 2;
      w.rep = static_cast<int>(rep);
      w.tps = 100;
      w.hit_ratio = t.hits[rep - 1];
      ts.windows.push_back(w);
    }
    r.tiers.push_back(ts);
  }
  for (const SweepChart& c : SweepCharts(r)) {
    if (c.name == "scaling_hit_ratio.svg") return RenderLineChart(c.chart);
  }
  return "";
}

// The y of every number-labelled gridline, and the labels, in order.
std::vector<std::pair<double, std::string>> YTicksOf(const std::string& svg) {
  const std::regex tick(
      "<line x1=\"[0-9.]+\" x2=\"[0-9.]+\" y1=\"([-0-9.]+)\" y2=\"[-0-9.]+\" "
      "stroke=\"#[0-9a-f]+\"/>\n"
      "<text x=\"[0-9.]+\" y=\"[-0-9.]+\" font-size=\"11\" text-anchor=\"end\" "
      "fill=\"#4b5563\">([^<]*)</text>");
  std::vector<std::pair<double, std::string>> out;
  for (std::sregex_iterator m(svg.begin(), svg.end(), tick), end; m != end; ++m)
    out.emplace_back(std::stod((*m)[1]), (*m)[2]);
  return out;
}

// Hit ratios whose interval (two windows: t = 12.7) runs from below 0 to
// above 1: the whiskers stop at 0 and 1, the axis runs 0 to 1, and its tick
// at 0 reads 0, not -0.
TEST(LineChart, AZoomedAxisThroughZeroLabelsItZero) {
  const std::string svg = HitRatioChart({{"D1", 2.67, {1, 1}},
                                         {"D2", 11.43, {1, 1}},
                                         {"D3", 28.19, {0.9657, 0.9758}},
                                         {"D4", 50.68, {0.3038, 0.6647}}});
  ASSERT_FALSE(svg.empty());
  EXPECT_EQ(svg.find(">-0.0000<"), std::string::npos) << svg;
  EXPECT_NE(svg.find(">0.0000<"), std::string::npos) << svg;
  EXPECT_NE(svg.find(">1.0000<"), std::string::npos) << svg;
}

// The gen-4 scaling run at D1 and D2: every window 1.0000 but one at
// 0.99998, three windows at D2 (an interval just past 1). As first drawn,
// all four ticks read 1.0000, the whisker ran above the plot, and the last
// point's label ran off the figure's right edge.
TEST(LineChart, HitRatiosFlatAtOneOnTicksThatDiffer) {
  const std::string svg = HitRatioChart({{"D1", 2.70, {1, 1, 1}}, {"D2", 11.51, {0.99998, 1, 1}}});
  const auto ticks = YTicksOf(svg);
  ASSERT_GE(ticks.size(), 3u) << svg;
  std::set<std::string> labels;
  double top = 1e9, bottom = -1e9;
  for (const auto& [y, label] : ticks) {
    labels.insert(label);
    top = std::min(top, y);
    bottom = std::max(bottom, y);
  }
  EXPECT_EQ(labels.size(), ticks.size()) << "two ticks read the same: " << svg;
  // Evenly spaced as printed: no tick rounded to four decimals.
  for (size_t i = 2; i < ticks.size(); ++i) {
    const double a = std::stod(ticks[i - 2].second), b = std::stod(ticks[i - 1].second),
                 c = std::stod(ticks[i].second);
    EXPECT_NEAR(c - b, b - a, 1e-9) << svg;
  }
  EXPECT_NE(labels.count("1.0000"), 0u) << svg;
  // Whiskers: every y of every whisker path within the plot.
  const std::regex whisker("<path d=\"M[0-9.]+ ([-0-9.]+) L[0-9.]+ ([-0-9.]+) M");
  int whiskers = 0;
  for (std::sregex_iterator m(svg.begin(), svg.end(), whisker), end; m != end; ++m) {
    ++whiskers;
    for (int i = 1; i <= 2; ++i) {
      const double y = std::stod((*m)[i]);
      EXPECT_GE(y, top - 0.01) << "a whisker above the axis: " << svg;
      EXPECT_LE(y, bottom + 0.01) << "a whisker below the axis: " << svg;
    }
  }
  EXPECT_EQ(whiskers, 1) << "D2's interval, D1 has none: " << svg;
  // Point labels (font-size 10): anchored at their start, each must end
  // inside the 640-wide figure at a generous 7 px per character.
  const std::regex label(
      "<text x=\"([0-9.]+)\" y=\"[-0-9.]+\" (text-anchor=\"end\" )?"
      "font-size=\"10\"[^>]*>([^<]*)</text>");
  int labelled = 0;
  for (std::sregex_iterator m(svg.begin(), svg.end(), label), end; m != end; ++m) {
    ++labelled;
    const double x = std::stod((*m)[1]);
    const double chars = static_cast<double>((*m)[3].length());
    if ((*m)[2].matched) {
      EXPECT_GE(x - 7 * chars, 0) << svg;
    } else {
      EXPECT_LE(x + 7 * chars, 640) << "a label off the right edge: " << svg;
    }
  }
  EXPECT_EQ(labelled, 2) << svg;
}

TEST(LineChart, IntervalsAndEmptyCharts) {
  LineChart c;
  c.title = "t";
  c.x_label = c.y_label = [](double v) { return std::to_string(static_cast<int>(v)); };
  c.series = {{"a", "#000", {{1, 10, 8, 12, false}, {2, 20, 20, 20, true}}}};
  const std::string svg = RenderLineChart(c);
  EXPECT_NE(svg.find("a \u00b7 1: 10 (8 \u2013 12)"), std::string::npos);
  EXPECT_NE(svg.find("a \u00b7 2: 20 \u00b7 flagged"), std::string::npos);
  EXPECT_NE(svg.find("fill=\"#fff\" stroke=\"#000\""), std::string::npos);  // hollow
  c.series.clear();
  EXPECT_NE(RenderLineChart(c).find("nothing measured"), std::string::npos);
  c.y_scale = YScale::kZoomed;
  EXPECT_NE(RenderLineChart(c).find("nothing measured"), std::string::npos);
}

}  // namespace
}  // namespace skyseed
