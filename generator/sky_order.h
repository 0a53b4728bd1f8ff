// Sky order with independent draws: where row i of a step lies. The step's
// rows are shared out over the sky as independent draws from the model
// would be — Multinomial over order-8 pixels (sources) or survey fields
// (observations), by binomial splits down a tree over them in the order of
// HEALPix's NESTED curve (generator/count_tree.h) — and laid out leaf after
// leaf, so consecutive rows are neighbours on the sky. A pixel's sources are
// drawn from the model's density inside it and take its rows in their order
// along the curve; a field's observations take its rows in row order.
// Random streams (RowRng table ids of their own, the step named by its
// first row): a tree node's split (table | 0x10000, splitmix64(first) ^
// (lo << 32 | hi)); a pixel's points (table | 0x20000, splitmix64(first) ^
// pixel).
#pragma once

#include <cstdint>

#include "generator/healpix_faces.h"

namespace skyseed {

// The direction (ICRS face point) of source row `row`, drawn from the
// galactic model's density (generator/galactic_model.h); within a step the
// points come in NESTED order (non-decreasing at order 29).
FacePoint SourcePoint(uint64_t seed, uint64_t row);

// The survey field of observation row `row`: each field's share of a step
// is Binomial(n, its weight: the survey's share times the field's
// popularity), jointly multinomial; fields come in the order of their
// centres along the curve.
struct SurveyField {
  int survey;
  uint32_t field;
};
SurveyField ObservationField(uint64_t seed, uint64_t row);

}  // namespace skyseed
