#include "capacity/sweep_compare.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <utility>

namespace skyseed {
namespace {

using Windows = std::vector<SweepWindow>;
using Figure = double (*)(const SweepWindow&, const std::string& query_class);

double Tps(const SweepWindow& w, const std::string&) { return w.tps; }

const LatencySummary* LatencyOf(const SweepWindow& w, const std::string& query_class) {
  if (query_class.empty()) return &w.latency_ms;
  for (const ClassLatency& c : w.classes) {
    if (c.query_class == query_class) return &c.latency_ms;
  }
  return nullptr;
}
double P50(const SweepWindow& w, const std::string& c) { return LatencyOf(w, c)->p50; }
double P95(const SweepWindow& w, const std::string& c) { return LatencyOf(w, c)->p95; }
double P99(const SweepWindow& w, const std::string& c) { return LatencyOf(w, c)->p99; }

struct FigureDef {
  const char* name;
  Figure value;
  bool higher_is_better;
};
constexpr FigureDef kFigures[] = {
    {"tps", Tps, true}, {"p50_ms", P50, false}, {"p95_ms", P95, false}, {"p99_ms", P99, false}};

// The valid windows of one step that measured `query_class` ("" = all).
MeanInterval StepFigure(const Windows& windows, int clients, const std::string& query_class,
                        Figure figure) {
  std::vector<double> values;
  for (const SweepWindow& w : windows) {
    if (w.clients != clients || !w.valid() || LatencyOf(w, query_class) == nullptr) continue;
    values.push_back(figure(w, query_class));
  }
  return StudentInterval95(values);
}

// Two intervals that both exist and do not overlap.
bool Separated(const MeanInterval& a, const MeanInterval& b) {
  if (a.n < 2 || b.n < 2) return false;
  return std::fabs(a.mean - b.mean) > a.half_width + b.half_width;
}

std::set<int> ClientCounts(const Windows& windows) {
  std::set<int> out;
  for (const SweepWindow& w : windows) out.insert(w.clients);
  return out;
}

std::set<std::string> Classes(const Windows& windows) {
  std::set<std::string> out;
  for (const SweepWindow& w : windows) {
    for (const ClassLatency& c : w.classes) out.insert(c.query_class);
  }
  return out;
}

void CompareStep(const TierSweep& before, const TierSweep& after, int clients,
                 std::vector<FigureChange>* out) {
  std::vector<std::string> classes{""};
  const std::set<std::string> later = Classes(after.windows);
  for (const std::string& c : Classes(before.windows)) {
    if (later.count(c)) classes.push_back(c);
  }
  for (const std::string& query_class : classes) {
    for (const FigureDef& f : kFigures) {
      if (query_class != "" && f.value == Tps) continue;  // pgbench logs no per-class rate
      FigureChange c;
      c.tier = before.tier;
      c.clients = clients;
      c.query_class = query_class;
      c.figure = f.name;
      c.before = StepFigure(before.windows, clients, query_class, f.value);
      c.after = StepFigure(after.windows, clients, query_class, f.value);
      if (c.before.n == 0 || c.after.n == 0) continue;  // no valid window on one side
      c.relative = c.before.mean != 0 ? (c.after.mean - c.before.mean) / c.before.mean : 0;
      c.significant = Separated(c.before, c.after);
      c.worse = f.higher_is_better ? c.after.mean < c.before.mean : c.after.mean > c.before.mean;
      out->push_back(std::move(c));
    }
  }
}

std::string Interval(const MeanInterval& m) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.4g ± %.2g (n=%d)", m.mean, m.half_width, m.n);
  return buf;
}

std::string Verdict(const FigureChange& c, double threshold) {
  if (!c.significant) return "within the spread";
  if (!c.worse) return "better";
  return std::fabs(c.relative) > threshold ? "**REGRESSION**" : "worse, under the threshold";
}

}  // namespace

std::vector<const FigureChange*> SweepComparison::Regressions(double threshold) const {
  std::vector<const FigureChange*> out;
  for (const FigureChange& c : changes) {
    if (c.significant && c.worse && std::fabs(c.relative) > threshold) out.push_back(&c);
  }
  return out;
}

Result<SweepComparison> CompareSweeps(const SweepRecord& before, const SweepRecord& after) {
  if (before.key.mix != after.key.mix) {
    return Status::InvalidArgument("the two sweeps ran different mixes (" + before.key.mix +
                                   " and " + after.key.mix + "); they are not compared");
  }
  SweepComparison out;
  for (const TierSweep& b : before.tiers) {
    for (const TierSweep& a : after.tiers) {
      if (a.tier != b.tier) continue;
      if (a.corpus_digest != b.corpus_digest) {
        return Status::InvalidArgument("tier " + a.tier + " was measured on different corpora (" +
                                       b.corpus_digest + " and " + a.corpus_digest +
                                       "); they are not compared");
      }
      const std::set<int> later = ClientCounts(a.windows);
      for (int clients : ClientCounts(b.windows)) {
        if (later.count(clients)) CompareStep(b, a, clients, &out.changes);
      }
    }
  }
  if (out.changes.empty()) {
    return Status::InvalidArgument(
        "the two sweeps share no tier and client count with valid windows on both sides");
  }
  return out;
}

std::string ComparisonMarkdown(const SweepComparison& c, double threshold) {
  char head[160];
  std::snprintf(head, sizeof head,
                "%zu significant regression(s) over %.0f %% (intervals: 95 %%, valid windows)\n\n",
                c.Regressions(threshold).size(), threshold * 100);
  std::string s = head;
  s += "| tier | clients | class | figure | before | after | change | verdict |\n";
  s += "| --- | ---: | --- | --- | ---: | ---: | ---: | --- |\n";
  for (const FigureChange& f : c.changes) {
    char change[32];
    std::snprintf(change, sizeof change, "%+.1f %%", f.relative * 100);
    s += "| " + f.tier + " | " + std::to_string(f.clients) + " | " +
         (f.query_class.empty() ? "all" : f.query_class) + " | " + f.figure + " | " +
         Interval(f.before) + " | " + Interval(f.after) + " | " + change + " | " +
         Verdict(f, threshold) + " |\n";
  }
  return s;
}

nlohmann::json ComparisonJson(const SweepComparison& c, double threshold) {
  auto interval = [](const MeanInterval& m) {
    return nlohmann::json{{"mean", m.mean}, {"half_width", m.half_width}, {"n", m.n}};
  };
  nlohmann::json rows = nlohmann::json::array();
  for (const FigureChange& f : c.changes) {
    rows.push_back({{"tier", f.tier},
                    {"clients", f.clients},
                    {"class", f.query_class.empty() ? "all" : f.query_class},
                    {"figure", f.figure},
                    {"before", interval(f.before)},
                    {"after", interval(f.after)},
                    {"relative_change", f.relative},
                    {"significant", f.significant},
                    {"worse", f.worse}});
  }
  return {{"threshold", threshold},
          {"regressions", c.Regressions(threshold).size()},
          {"changes", rows}};
}

}  // namespace skyseed
