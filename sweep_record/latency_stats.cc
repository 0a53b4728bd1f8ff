#include "sweep_record/latency_stats.h"

#include <algorithm>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <numeric>

namespace skyseed {

double Percentile(std::vector<double> values, double p) {
  if (values.empty()) return 0;
  // Rank ceil(p/100 * n), 1-based; nth_element avoids a full sort.
  const double n = static_cast<double>(values.size());
  size_t rank = static_cast<size_t>(std::ceil(p / 100.0 * n));
  rank = std::clamp<size_t>(rank, 1, values.size());
  std::nth_element(values.begin(), values.begin() + (rank - 1), values.end());
  return values[rank - 1];
}

LatencySummary SummariseLatencies(std::vector<double> values) {
  LatencySummary s;
  s.count = values.size();
  if (values.empty()) return s;
  std::sort(values.begin(), values.end());
  s.mean = std::accumulate(values.begin(), values.end(), 0.0) / static_cast<double>(s.count);
  s.p50 = Percentile(values, 50);
  s.p95 = Percentile(values, 95);
  s.p99 = Percentile(values, 99);
  s.max = values.back();
  return s;
}

double StudentT975(int df) {
  boost::math::students_t dist(static_cast<double>(std::max(df, 1)));
  return boost::math::quantile(dist, 0.975);
}

MeanInterval StudentInterval95(const std::vector<double>& values) {
  MeanInterval m;
  m.n = static_cast<int>(values.size());
  if (values.empty()) return m;
  m.mean = std::accumulate(values.begin(), values.end(), 0.0) / m.n;
  if (m.n < 2) return m;
  double ss = 0;
  for (double v : values) ss += (v - m.mean) * (v - m.mean);
  const double sd = std::sqrt(ss / (m.n - 1));
  m.half_width = StudentT975(m.n - 1) * sd / std::sqrt(static_cast<double>(m.n));
  return m;
}

}  // namespace skyseed
