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
  // Magnitudes: counts rise 0.32 dex per mag up to kFaintLimit; completeness
  // falls linearly from 1 at kCompleteTo to 0 at kFaintLimit.
  static constexpr double kCountSlope = 0.32;
  static constexpr double kBrightLimit = 3.0;
  static constexpr double kCompleteTo = 19.0;
  static constexpr double kFaintLimit = 21.0;
};

// A direction drawn from the sky density, as a Galactic unit vector.
Vec3 SampleGalacticDirection(RowRng& rng);
// A G magnitude drawn from the luminosity function above.
double SampleGMagnitude(RowRng& rng);

}  // namespace skyseed
