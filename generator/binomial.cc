#include "generator/binomial.h"

#include <algorithm>
#include <cmath>

#include "det_math/det_math.h"

namespace skyseed {
namespace {

// Below this mean inversion is cheaper than another halving.
constexpr double kInversionMean = 16.0;
// Up to this many trials, counting them one by one is cheaper than the
// inversion's exp and log (deep in a tree most counts are a few rows).
constexpr uint64_t kCountedTrials = 8;

// BINV for p <= 0.5 and a small mean: walk the probabilities up from 0.
uint64_t BinomialByInversion(RowRng& rng, uint64_t n, double p) {
  const double q = 1.0 - p;
  const double s = p / q;
  const double a = (static_cast<double>(n) + 1.0) * s;
  double r = det::exp(static_cast<double>(n) * det::log(q));
  double u = rng.Uniform();
  uint64_t x = 0;
  while (u >= r && x < n) {
    u -= r;
    ++x;
    r *= a / static_cast<double>(x) - s;
  }
  return x;
}

}  // namespace

double GammaDraw(RowRng& rng, double shape) {
  const double d = shape - 1.0 / 3.0;
  const double c = 1.0 / std::sqrt(9.0 * d);
  for (;;) {
    double x, v;
    do {
      x = rng.Normal();
      v = 1.0 + c * x;
    } while (v <= 0.0);
    v = v * v * v;
    const double u = rng.UniformPositive();
    const double x2 = x * x;
    if (u < 1.0 - 0.0331 * x2 * x2) return d * v;
    if (det::log(u) < 0.5 * x2 + d * (1.0 - v + det::log(v))) return d * v;
  }
}

uint64_t Binomial(RowRng& rng, uint64_t n, double p) {
  uint64_t below = 0;  // uniforms already known to be under p
  while (n > 0 && p > 0.0 && p < 1.0 &&
         static_cast<double>(n) * std::min(p, 1.0 - p) > kInversionMean) {
    const uint64_t k = (n + 1) / 2;
    // Each draw in a statement of its own: argument order is unspecified.
    const double lower = GammaDraw(rng, static_cast<double>(k));
    const double upper = GammaDraw(rng, static_cast<double>(n + 1 - k));
    const double median = lower / (lower + upper);
    if (p < median) {
      n = k - 1;
      p = p / median;
    } else {
      below += k;
      n -= k;
      p = (p - median) / (1.0 - median);
    }
  }
  if (n == 0 || p <= 0.0) return below;
  if (p >= 1.0) return below + n;
  if (n <= kCountedTrials) {
    for (uint64_t k = 0; k < n; ++k) below += rng.Uniform() < p;
    return below;
  }
  if (p > 0.5) return below + n - BinomialByInversion(rng, n, 1.0 - p);
  return below + BinomialByInversion(rng, n, p);
}

}  // namespace skyseed
