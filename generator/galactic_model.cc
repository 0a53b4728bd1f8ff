#include "generator/galactic_model.h"

#include <cmath>

#include "det_math/det_math.h"

namespace skyseed {

GalacticDirection SampleGalacticDirection(RowRng& rng) {
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
  const double u = rng.Uniform();
  double s, c;
  det::sincos(det::kTwoPi * u, &s, &c);
  const double r = std::sqrt((1.0 - z) * (1.0 + z));
  return {Vec3(r * c, r * s, z), 360.0 * u, det::rad2deg(det::asin(z))};
}

double SampleGMagnitude(RowRng& rng) {
  using M = GalacticModel;
  // Exact inverse CDF of the piecewise law: one uniform, at most one log.
  static const double kLow = det::pow10(M::kCountSlope * M::kBrightLimit);
  static const double kHigh = det::pow10(M::kCountSlope * M::kCompleteTo);
  static const double kRising = (kHigh - kLow) / (M::kCountSlope * 2.302585092994046);
  static const double kFlat = kHigh * (M::kFaintLimit - M::kCompleteTo);
  static const double kRisingShare = kRising / (kRising + kFlat);
  const double u = rng.Uniform();
  if (u < kRisingShare) {
    return det::log10(kLow + (u / kRisingShare) * (kHigh - kLow)) / M::kCountSlope;
  }
  return M::kCompleteTo +
         (u - kRisingShare) / (1.0 - kRisingShare) * (M::kFaintLimit - M::kCompleteTo);
}

}  // namespace skyseed
