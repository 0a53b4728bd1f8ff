// Where sources are on the sky and how bright they are. The sky density is a
// mixture: a fraction kUniformFraction spread uniformly over the sphere, the
// rest in a disc whose density falls as exp(-|sin b| / kDiscScale), the cheap
// sky-plane form of an exponential disc. Both parts are sampled exactly
// (uniform in sin b is uniform per unit area), with no rejection loop.
#pragma once

#include "generator/row_rng.h"
#include "generator/sky_geometry.h"

namespace skyseed {

struct GalacticModel {
  static constexpr double kUniformFraction = 0.3;
  static constexpr double kDiscScale = 0.2;  // in sin(b)
  // Magnitudes: counts per magnitude rise 0.32 dex per mag from kBrightLimit
  // to kCompleteTo, then stay flat to kFaintLimit (completeness falling as
  // 10^-0.32 (G - kCompleteTo), as Gaia's counts flatten past G ~ 19-20).
  static constexpr double kCountSlope = 0.32;
  static constexpr double kBrightLimit = 3.0;
  static constexpr double kCompleteTo = 19.0;
  static constexpr double kFaintLimit = 21.0;
};

struct GalacticDirection {
  Vec3 unit;     // Galactic frame
  double l_deg;  // [0, 360)
  double b_deg;  // [-90, 90]
};

// A direction drawn from the sky density. l and b come from the sampled
// longitude and sin(b) directly, with no inverse trigonometry of the vector.
GalacticDirection SampleGalacticDirection(RowRng& rng);
// A G magnitude drawn from the luminosity function above.
double SampleGMagnitude(RowRng& rng);

}  // namespace skyseed
