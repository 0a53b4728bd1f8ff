#include "capacity/warmup.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace skyseed {
namespace {

// Two counts agree when they differ by at most the relative tolerance of the
// larger or by what Poisson noise explains.
bool CountsAgree(double a, double b, const WarmupRule& rule) {
  const double diff = std::fabs(a - b);
  return diff <= rule.relative_tolerance * std::max(a, b) ||
         diff <= rule.noise_sigmas * std::sqrt(a + b);
}

bool ReadsWithinNoise(double a, double b, const WarmupRule& rule) {
  return std::fabs(a - b) <= rule.noise_sigmas * std::sqrt(a + b);
}

double Elapsed(const std::vector<WarmupInterval>& intervals) {
  double s = 0;
  for (const WarmupInterval& i : intervals) s += i.seconds;
  return s;
}

}  // namespace

bool WarmupJudged(const WarmupRule& rule) {
  return rule.interval_s > 0 && rule.max_s >= (rule.steady_comparisons + 1) * rule.interval_s;
}

bool WarmupIntervalsAgree(const WarmupInterval& a, const WarmupInterval& b,
                          const WarmupRule& rule) {
  // Rates compared as counts over a common span, so Poisson noise applies
  // even when the last interval was cut short at the bound.
  const double span = std::min(a.seconds, b.seconds);
  const double reads_a = a.reads_per_s * span, reads_b = b.reads_per_s * span;
  if (!CountsAgree(a.tps * span, b.tps * span, rule)) return false;
  if (!CountsAgree(reads_a, reads_b, rule)) return false;
  const double hit_diff = std::fabs(a.hit_ratio - b.hit_ratio);
  const double miss = std::max(1 - a.hit_ratio, 1 - b.hit_ratio);
  return hit_diff <= rule.hit_tolerance || hit_diff <= rule.relative_tolerance * miss ||
         ReadsWithinNoise(reads_a, reads_b, rule);
}

int MannKendallS(const std::vector<double>& values) {
  int s = 0;
  for (size_t i = 0; i < values.size(); ++i) {
    for (size_t j = i + 1; j < values.size(); ++j)
      s += (values[j] > values[i]) - (values[j] < values[i]);
  }
  return s;
}

namespace {

bool LastPairsAgree(const std::vector<WarmupInterval>& intervals, const WarmupRule& rule) {
  const size_t need = static_cast<size_t>(rule.steady_comparisons);
  if (intervals.size() < need + 1) return false;
  for (size_t i = intervals.size() - need; i < intervals.size(); ++i) {
    if (!WarmupIntervalsAgree(intervals[i - 1], intervals[i], rule)) return false;
  }
  return true;
}

bool LastIntervalsTrendless(const std::vector<WarmupInterval>& intervals, const WarmupRule& rule) {
  const size_t n = static_cast<size_t>(rule.trend_intervals);
  if (n < 3 || intervals.size() < n) return false;
  std::vector<double> tps, reads, hits;
  for (size_t i = intervals.size() - n; i < intervals.size(); ++i) {
    tps.push_back(intervals[i].tps);
    reads.push_back(intervals[i].reads_per_s);
    hits.push_back(intervals[i].hit_ratio);
  }
  for (const std::vector<double>* v : {&tps, &reads, &hits}) {
    if (std::abs(MannKendallS(*v)) > rule.trend_max_s) return false;
  }
  return true;
}

}  // namespace

bool WarmupSettled(const std::vector<WarmupInterval>& intervals, const WarmupRule& rule) {
  return LastPairsAgree(intervals, rule) || LastIntervalsTrendless(intervals, rule);
}

int NextWarmupSeconds(const std::vector<WarmupInterval>& intervals, const WarmupRule& rule) {
  if (rule.max_s <= 0) return 0;
  if (!WarmupJudged(rule)) return intervals.empty() ? rule.max_s : 0;
  if (WarmupSettled(intervals, rule)) return 0;
  const int left = rule.max_s - static_cast<int>(std::lround(Elapsed(intervals)));
  return left <= 0 ? 0 : std::min(rule.interval_s, left);
}

WarmupOutcome WarmupOutcomeOf(const std::vector<WarmupInterval>& intervals,
                              const WarmupRule& rule) {
  if (!WarmupJudged(rule)) return WarmupOutcome::kFixed;
  return WarmupSettled(intervals, rule) ? WarmupOutcome::kSettled : WarmupOutcome::kNotSettled;
}

std::optional<GuardFlag> WarmupColdFlag(const WarmupRecord& r) {
  if (r.outcome != WarmupOutcome::kNotSettled) return std::nullopt;
  return GuardFlag{Guard::kWarmCache,
                   "cold: warm-up did not settle in " + std::to_string(r.max_s) + " s"};
}

}  // namespace skyseed
