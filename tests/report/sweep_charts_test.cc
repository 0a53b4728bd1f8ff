#include "report/sweep_charts.h"

#include <gtest/gtest.h>

#include <cmath>

#include "tests/report/test_windows.h"

namespace skyseed {
namespace {

SweepWindow SweepChartsWindow(const std::string& tier, int clients, int rep, double tps) {
  SweepWindow w;
  w.tier = tier;
  w.clients = clients;
  w.rep = rep;
  w.tps = tps;
  w.latency_ms.p50 = 1;
  w.latency_ms.p95 = 2;
  w.latency_ms.p99 = 3;
  return w;
}

const LineChart* SweepChartsFind(const std::vector<SweepChart>& charts, const std::string& name) {
  for (const SweepChart& c : charts) {
    if (c.name == name) return &c.chart;
  }
  return nullptr;
}

// D1 to D4 span two orders of magnitude of throughput: the charts whose axis
// is throughput go logarithmic then, and stay linear from zero within a
// decade (S against ci).
TEST(SweepCharts, ThroughputAxesGoLogarithmicAcrossADecade) {
  TierSweep d1, d4;
  d1.tier = "D1";
  d1.windows = {SweepChartsWindow("D1", 1, 1, 3800), SweepChartsWindow("D1", 2, 1, 8300)};
  d4.tier = "D4";
  d4.windows = {SweepChartsWindow("D4", 1, 1, 40), SweepChartsWindow("D4", 2, 1, 75)};
  for (TierSweep* t : {&d1, &d4}) {
    for (SweepWindow& w : t->windows) w.database_cores = 0.9 * w.clients;
  }
  d1.database_size = 2LL << 30;
  d4.database_size = 50LL << 30;
  const std::vector<SweepChart> wide = SweepCharts({MixKey("x=100"), {}, {d1, d4}});
  ASSERT_NE(SweepChartsFind(wide, "throughput.svg"), nullptr);
  EXPECT_EQ(SweepChartsFind(wide, "throughput.svg")->y_scale, YScale::kLog);
  ASSERT_NE(SweepChartsFind(wide, "database_cpu.svg"), nullptr);
  EXPECT_TRUE(SweepChartsFind(wide, "database_cpu.svg")->log_x);
  ASSERT_NE(SweepChartsFind(wide, "scaling_tps.svg"), nullptr);
  EXPECT_EQ(SweepChartsFind(wide, "scaling_tps.svg")->y_scale, YScale::kLog);
  // 3,800 to 8,300 and 900 to 1,400: under ten times apart.
  d4.windows = {SweepChartsWindow("D4", 1, 1, 900), SweepChartsWindow("D4", 2, 1, 1400)};
  for (SweepWindow& w : d4.windows) w.database_cores = 0.9 * w.clients;
  const std::vector<SweepChart> narrow = SweepCharts({MixKey("x=100"), {}, {d1, d4}});
  EXPECT_EQ(SweepChartsFind(narrow, "throughput.svg")->y_scale, YScale::kFromZero);
  EXPECT_FALSE(SweepChartsFind(narrow, "database_cpu.svg")->log_x);
  EXPECT_EQ(SweepChartsFind(narrow, "scaling_tps.svg")->y_scale, YScale::kFromZero);
}

// The spread chart's point is the sample standard deviation over the mean,
// computed here by the textbook formula; a flagged window is not in it, and a
// step with one valid window has no point.
TEST(SweepCharts, RunToRunSpread) {
  TierSweep t;
  t.tier = "ci";
  t.windows = {SweepChartsWindow("ci", 1, 1, 1000), SweepChartsWindow("ci", 1, 2, 1200),
               SweepChartsWindow("ci", 1, 3, 1100), SweepChartsWindow("ci", 2, 1, 1500),
               SweepChartsWindow("ci", 2, 2, 9999)};
  t.windows.back().flags.push_back({Guard::kHostUncontended, "host-contended"});
  const std::vector<SweepChart> charts = SweepCharts({MixKey("x=100"), {}, {t}});
  const LineChart* spread = SweepChartsFind(charts, "spread.svg");
  ASSERT_NE(spread, nullptr);
  ASSERT_EQ(spread->series.size(), 1u);
  ASSERT_EQ(spread->series[0].points.size(), 1u);
  const double sd = std::sqrt((100.0 * 100 + 100.0 * 100 + 0) / 2);
  EXPECT_NEAR(spread->series[0].points[0].y, 100 * sd / 1100, 1e-9);
}

// Errors in percent of all, PostgreSQL's cores against mean throughput (in
// throughput order), and windows that did not measure the server left out.
TEST(SweepCharts, ErrorsAndCpuAgainstThroughput) {
  TierSweep t;
  t.tier = "S";
  SweepWindow a = SweepChartsWindow("S", 1, 1, 800), b = SweepChartsWindow("S", 1, 2, 1000);
  SweepWindow c = SweepChartsWindow("S", 4, 1, 600), d = SweepChartsWindow("S", 4, 2, 600);
  a.error_rate = 0.01, b.error_rate = 0.03;
  a.database_cores = 0.5, b.database_cores = 0.7;
  c.database_cores = 1.9, d.database_cores = -1;  // d: the server was not on this host
  t.windows = {a, b, c, d};
  const std::vector<SweepChart> charts = SweepCharts({MixKey("x=100"), {}, {t}});
  const LineChart* errors = SweepChartsFind(charts, "errors.svg");
  ASSERT_NE(errors, nullptr);
  EXPECT_NEAR(errors->series[0].points[0].y, 2.0, 1e-9);
  const LineChart* cpu = SweepChartsFind(charts, "database_cpu.svg");
  ASSERT_NE(cpu, nullptr);
  ASSERT_EQ(cpu->series[0].points.size(), 2u);
  EXPECT_NEAR(cpu->series[0].points[0].x, 600, 1e-9);  // 4 clients: only c measured
  EXPECT_NEAR(cpu->series[0].points[0].y, 1.9, 1e-9);
  EXPECT_NEAR(cpu->series[0].points[1].x, 900, 1e-9);
  EXPECT_NEAR(cpu->series[0].points[1].y, 0.6, 1e-9);
  EXPECT_EQ(SweepChartsFind(charts, "response_size.svg"), nullptr) << "pgbench sees no responses";
}

// A TAP sweep: each class's p50 against its mean response size at the
// lowest client count, one point per tier; classes per tier by database size.
TEST(SweepCharts, TapResponseSizeAndClassesBySize) {
  SweepRecord r{TapKey("tap_lookup=50,tap_stream_1000=50"), {}, {}};
  for (const auto& [tier, size, scale] :
       {std::tuple<const char*, int64_t, double>{"ci", 40 << 20, 1},
        std::tuple<const char*, int64_t, double>{"S", 400 << 20, 2}}) {
    TierSweep t;
    t.tier = tier;
    t.database_size = size;
    for (int clients : {1, 2}) {
      for (int rep : {1, 2}) {
        SweepWindow w = SweepChartsWindow(tier, clients, rep, 10);
        LatencySummary lookup{}, stream{};
        lookup.p50 = 80 * scale + rep, lookup.p95 = 100 * scale;
        stream.p50 = 400 * scale + rep, stream.p95 = 500 * scale;
        w.classes = {{"tap_lookup", lookup, 2000.0 + rep}, {"tap_stream_1000", stream, 500000}};
        if (clients == 2) w.classes[1].latency_ms.p95 = 1e6;  // not the lowest count
        t.windows.push_back(w);
      }
    }
    r.tiers.push_back(t);
  }
  const std::vector<SweepChart> charts = SweepCharts(r);
  const LineChart* sizes = SweepChartsFind(charts, "response_size.svg");
  ASSERT_NE(sizes, nullptr);
  ASSERT_EQ(sizes->series.size(), 2u);
  EXPECT_EQ(sizes->series[0].name, "tap_lookup");
  ASSERT_EQ(sizes->series[0].points.size(), 2u);
  EXPECT_NEAR(sizes->series[0].points[0].x, 2001.5, 1e-9);
  EXPECT_NEAR(sizes->series[0].points[0].y, 81.5, 1e-9);
  const LineChart* by_size = SweepChartsFind(charts, "scaling_classes.svg");
  ASSERT_NE(by_size, nullptr);
  EXPECT_EQ(by_size->series[1].name, "tap_stream_1000");
  EXPECT_NEAR(by_size->series[1].points[0].x, 40 << 20, 1e-9);
  EXPECT_NEAR(by_size->series[1].points[0].y, 500, 1e-9);
  EXPECT_NEAR(by_size->series[1].points[1].y, 1000, 1e-9);
  EXPECT_EQ(SweepChartsFind(charts, "service_cpu.svg"), nullptr)
      << "no service process tree was measured";
}

}  // namespace
}  // namespace skyseed
