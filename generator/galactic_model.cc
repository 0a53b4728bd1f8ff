#include "generator/galactic_model.h"

#include <cmath>

#include "generator/det_math.h"

namespace skyseed {

Vec3 SampleGalacticDirection(RowRng& rng) {
  using M = GalacticModel;
  double z;
  if (rng.Bernoulli(M::kUniformFraction)) {
    z = 2.0 * rng.Uniform() - 1.0;
  } else {
    // Inverse CDF of exp(-|z|/s) truncated to |z| <= 1, with a random sign.
    static const double kTail = 1.0 - det::exp(-1.0 / M::kDiscScale);
    const double a = -M::kDiscScale * det::log(1.0 - rng.Uniform() * kTail);
    z = rng.Bernoulli(0.5) ? a : -a;
  }
  double s, c;
  det::sincos(det::kTwoPi * rng.Uniform(), &s, &c);
  const double r = std::sqrt((1.0 - z) * (1.0 + z));
  return Vec3(r * c, r * s, z);
}

double SampleGMagnitude(RowRng& rng) {
  using M = GalacticModel;
  for (;;) {
    // N(<G) ~ 10^(slope G): G = limit + log10(u) / slope.
    const double g = M::kFaintLimit + det::log10(rng.UniformPositive()) / M::kCountSlope;
    if (g < M::kBrightLimit) continue;
    if (g <= M::kCompleteTo) return g;
    const double completeness = (M::kFaintLimit - g) / (M::kFaintLimit - M::kCompleteTo);
    if (rng.Uniform() < completeness) return g;
  }
}

}  // namespace skyseed
