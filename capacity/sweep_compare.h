// `skyseed compare OLD NEW`: two sweeps of the same corpus and mix, figure by
// figure (throughput and p50/p95/p99, for the whole mix and each query
// class, per tier and client count), each as a mean with its 95 % interval
// over the valid windows. A change is significant only where the two
// intervals do not overlap: the run-to-run spread the sweep measured decides,
// not a fixed percentage; the threshold then says how large a significant
// regression must be to fail the comparison.
#pragma once

#include <string>
#include <vector>

#include "common/status.h"
#include "sweep_record/latency_stats.h"
#include "sweep_record/sweep_record.h"

namespace skyseed {

struct FigureChange {
  std::string tier;
  int clients = 0;
  std::string query_class;  // "" for the whole mix, else e.g. "lookup_source"
  std::string figure;       // "tps", "p50_ms", "p95_ms", "p99_ms"
  MeanInterval before, after;
  double relative = 0;       // (after - before) / before; 0 when before is 0
  bool significant = false;  // both intervals exist (n >= 2) and do not overlap
  bool worse = false;        // lower throughput or higher latency
};

struct SweepComparison {
  std::vector<FigureChange> changes;  // tier, clients, class, figure order
  // Significant changes for the worse larger than the threshold.
  std::vector<const FigureChange*> Regressions(double threshold) const;
};

// InvalidArgument naming the difference when the two are not comparable: a
// tier measured on different corpora (digests), different mixes, or no
// (tier, clients) step in common.
Result<SweepComparison> CompareSweeps(const SweepRecord& before, const SweepRecord& after);

// GitHub-flavoured markdown: one row per figure, significant ones marked.
std::string ComparisonMarkdown(const SweepComparison& c, double threshold);
nlohmann::json ComparisonJson(const SweepComparison& c, double threshold);

}  // namespace skyseed
