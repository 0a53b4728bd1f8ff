// The comparison's decisions on records built by hand, with the intervals
// worked out independently: for n = 3 the 95 % half width is
// t(2) = 4.303 times s / sqrt(3).
#include "capacity/sweep_compare.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>

#include "sweep_record/sweep_record.h"

namespace skyseed {
namespace {

SweepWindow SweepCompareWindow(int clients, int rep, double tps, double p95, double lookup_p95) {
  SweepWindow w;
  w.tier = "ci";
  w.clients = clients;
  w.rep = rep;
  w.seconds = 60;
  w.tps = tps;
  w.latency_ms.p50 = w.latency_ms.p95 = w.latency_ms.p99 = p95;
  ClassLatency lookup{"lookup_source", {}};
  lookup.latency_ms.p50 = lookup.latency_ms.p95 = lookup.latency_ms.p99 = lookup_p95;
  w.classes.push_back(lookup);
  return w;
}

// One tier "ci", one client count, one window per (tps, p95, lookup p95).
SweepRecord Sweep(const std::vector<std::array<double, 3>>& reps, std::string digest = "d1",
                  std::string mix = "lookup_source=100") {
  SweepRecord r;
  r.key.mix = mix;
  r.setup = {{"mix", mix}};
  TierSweep t;
  t.tier = "ci";
  t.corpus_digest = std::move(digest);
  int rep = 0;
  for (const auto& [tps, p95, lookup] : reps)
    t.windows.push_back(SweepCompareWindow(8, rep++, tps, p95, lookup));
  r.tiers.push_back(t);
  return r;
}

const FigureChange& Find(const SweepComparison& c, const std::string& cls, const std::string& fig) {
  for (const FigureChange& f : c.changes) {
    if (f.query_class == cls && f.figure == fig) return f;
  }
  static FigureChange none;
  ADD_FAILURE() << "no " << cls << " " << fig;
  return none;
}

const SweepRecord kBase = Sweep({{{100, 2.0, 2.0}}, {{100.5, 2.1, 2.1}}, {{99.5, 1.9, 1.9}}});

TEST(SweepCompare, SameSweepHasNoSignificantChange) {
  Result<SweepComparison> c = CompareSweeps(kBase, kBase);
  ASSERT_TRUE(c.ok()) << c.status().message();
  // tps, p50, p95, p99 for the mix; p50, p95, p99 for the one class.
  EXPECT_EQ(c->changes.size(), 7u);
  for (const FigureChange& f : c->changes) EXPECT_FALSE(f.significant) << f.figure;
  EXPECT_TRUE(c->Regressions(0.10).empty());
}

TEST(SweepCompare, ASlowerClassIsASignificantRegressionNamed) {
  const SweepRecord slow = Sweep({{{100, 2.0, 10.0}}, {{100.5, 2.1, 10.2}}, {{99.5, 1.9, 9.8}}});
  Result<SweepComparison> c = CompareSweeps(kBase, slow);
  ASSERT_TRUE(c.ok());
  const FigureChange& p95 = Find(*c, "lookup_source", "p95_ms");
  EXPECT_NEAR(p95.before.half_width, 4.303 * 0.1 / std::sqrt(3.0), 0.002);
  EXPECT_NEAR(p95.after.half_width, 4.303 * 0.2 / std::sqrt(3.0), 0.002);
  EXPECT_NEAR(p95.relative, 4.0, 1e-9);  // 2.0 -> 10.0
  EXPECT_TRUE(p95.significant);
  EXPECT_TRUE(p95.worse);
  const auto regressions = c->Regressions(0.10);
  ASSERT_EQ(regressions.size(), 3u);  // the class's p50, p95 and p99
  for (const FigureChange* r : regressions) EXPECT_EQ(r->query_class, "lookup_source");
  EXPECT_NE(ComparisonMarkdown(*c, 0.10).find("**REGRESSION**"), std::string::npos);
}

TEST(SweepCompare, OverlappingIntervalsAreNotSignificant) {
  // n = 2: t(1) = 12.706, half width 12.706 * 0.707 / 1.414 = 6.35.
  const SweepRecord a = Sweep({{{100, 2, 2}}, {{100, 3, 3}}});
  const SweepRecord b = Sweep({{{100, 2.5, 2.5}}, {{100, 3.5, 3.5}}});
  Result<SweepComparison> c = CompareSweeps(a, b);
  ASSERT_TRUE(c.ok());
  EXPECT_NEAR(Find(*c, "", "p95_ms").before.half_width, 6.353, 0.01);
  EXPECT_FALSE(Find(*c, "", "p95_ms").significant);
}

TEST(SweepCompare, OneWindowAStepGivesNoIntervalSoNothingIsSignificant) {
  const SweepRecord a = Sweep({{{100, 2, 2}}});
  const SweepRecord b = Sweep({{{10, 50, 50}}});
  Result<SweepComparison> c = CompareSweeps(a, b);
  ASSERT_TRUE(c.ok());
  for (const FigureChange& f : c->changes) EXPECT_FALSE(f.significant);
  EXPECT_TRUE(c->Regressions(0.10).empty());
}

TEST(SweepCompare, TheThresholdDecidesWhichSignificantRegressionsFail) {
  // tps 100 -> 95: half widths 4.303 * 0.5 / sqrt 3 = 1.24 each, 5 > 2.48.
  const SweepRecord slower = Sweep({{{95, 2.0, 2.0}}, {{95.5, 2.1, 2.1}}, {{94.5, 1.9, 1.9}}});
  Result<SweepComparison> c = CompareSweeps(kBase, slower);
  ASSERT_TRUE(c.ok());
  const FigureChange& tps = Find(*c, "", "tps");
  EXPECT_TRUE(tps.significant);
  EXPECT_TRUE(tps.worse);
  EXPECT_NEAR(tps.relative, -0.05, 1e-9);
  EXPECT_TRUE(c->Regressions(0.10).empty());
  EXPECT_EQ(c->Regressions(0.01).size(), 1u);
}

TEST(SweepCompare, FasterIsBetterNotARegression) {
  const SweepRecord faster = Sweep({{{200, 1.0, 1.0}}, {{201, 1.05, 1.05}}, {{199, 0.95, 0.95}}});
  Result<SweepComparison> c = CompareSweeps(kBase, faster);
  ASSERT_TRUE(c.ok());
  EXPECT_TRUE(Find(*c, "", "tps").significant);
  EXPECT_FALSE(Find(*c, "", "tps").worse);
  EXPECT_TRUE(c->Regressions(0.0001).empty());
}

TEST(SweepCompare, FlaggedWindowsAreLeftOut) {
  SweepRecord noisy = kBase;
  SweepWindow wild = SweepCompareWindow(8, 3, 1, 900, 900);
  wild.flags.push_back({Guard::kHostUncontended, "host-contended"});
  noisy.tiers[0].windows.push_back(wild);
  Result<SweepComparison> c = CompareSweeps(kBase, noisy);
  ASSERT_TRUE(c.ok());
  EXPECT_EQ(Find(*c, "", "p95_ms").after.n, 3);
  EXPECT_TRUE(c->Regressions(0.10).empty());
}

TEST(SweepCompare, DifferentCorporaOrMixesAreRefusedByName) {
  Result<SweepComparison> corpus = CompareSweeps(kBase, Sweep({{{100, 2, 2}}}, "d2"));
  ASSERT_FALSE(corpus.ok());
  EXPECT_EQ(corpus.status().code(), Status::Code::kInvalidArgument);
  EXPECT_NE(corpus.status().message().find("tier ci"), std::string::npos);
  Result<SweepComparison> mix =
      CompareSweeps(kBase, Sweep({{{100, 2, 2}}}, "d1", "lookup_source=50,cone_source=50"));
  ASSERT_FALSE(mix.ok());
  EXPECT_NE(mix.status().message().find("cone_source=50"), std::string::npos);
}

TEST(SweepCompare, SweepJsonRoundTrips) {
  SweepRecord r = kBase;
  r.key.mix = "k=100";
  r.tiers[0].finding.limit = LimitKind::kClient;
  r.tiers[0].finding.reason = "why";
  // What a window read back from the database must keep: the statements the
  // server ranked and a TAP window's service figures.
  SweepWindow& w = r.tiers[0].windows.at(0);
  w.statements.by_total = {{"SELECT 1", 3, 4.5, 3, 10, 2}};
  w.statements.by_mean = {{"SELECT 2", 1, 9.5, 1, 0, 0}};
  w.service_cores = 0.75;
  w.service_ceiling = 1;
  w.response_bytes = 12345;
  w.classes.push_back({"tap_lookup", {}, 2048.5});
  Result<SweepRecord> back = SweepFromJson(SweepToJson(r));
  ASSERT_TRUE(back.ok()) << back.status().message();
  EXPECT_EQ(SweepToJson(*back), SweepToJson(r));
  EXPECT_EQ(back->tiers[0].windows[0].statements.by_total.at(0).query, "SELECT 1");
  EXPECT_EQ(back->tiers[0].windows[0].statements.by_mean.at(0).total_ms, 9.5);
  EXPECT_EQ(back->tiers[0].windows[0].service_cores, 0.75);
  EXPECT_EQ(back->tiers[0].windows[0].classes.back().bytes_per_answer, 2048.5);
  for (const ClassLatency& c : back->tiers[0].windows[0].classes) {
    if (c.query_class != "tap_lookup") {
      EXPECT_EQ(c.bytes_per_answer, -1) << "pgbench's: unknown";
    }
  }
  EXPECT_FALSE(SweepFromJson(nlohmann::json{{"sweep_key", "k"}}).ok());
}

// A sweep.json's figures that no window can have (a hand edit, a damaged
// file) are refused where they are read, naming the field, not compared.
TEST(SweepCompare, ImpossibleFiguresInARecordAreRefused) {
  const nlohmann::json good = WindowToJson(SweepCompareWindow(8, 0, 120, 2.5, 1.5));
  ASSERT_TRUE(WindowFromJson(good).ok()) << WindowFromJson(good).status().message();
  const struct {
    std::vector<std::string> path;
    nlohmann::json value;
  } kBad[] = {{{"tps"}, -5.0},
              {{"tps"}, 1e308},
              {{"tps"}, "12"},
              {{"seconds"}, 0.0},
              {{"seconds"}, -60.0},
              {{"error_rate"}, 1.5},
              {{"committed"}, -1},
              {{"latency_ms", "p95"}, -1.0},
              {{"latency_ms", "max"}, 1e300}};
  for (const auto& bad : kBad) {
    nlohmann::json j = good;
    nlohmann::json* field = &j;
    for (const std::string& key : bad.path) field = &(*field)[key];
    *field = bad.value;
    const Result<SweepWindow> w = WindowFromJson(j);
    ASSERT_FALSE(w.ok()) << bad.path.back() << " = " << bad.value.dump();
    EXPECT_NE(w.status().message().find(bad.path.back()), std::string::npos)
        << w.status().message();
  }
}

}  // namespace
}  // namespace skyseed
