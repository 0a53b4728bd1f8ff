// Sky order: where row i of a step [a, b) lies. Its rank in the step,
// u = (i - a + U) / (b - a) with U uniform, goes through the sky's
// cumulative density along HEALPix's NESTED curve, so consecutive rows are
// neighbours on the sky and every step covers the whole sky at the model's
// density (stratified: each stretch of the curve gets its expected share).
#pragma once

#include <cstdint>

#include "generator/corpus_tables.h"
#include "generator/healpix_faces.h"
#include "generator/row_rng.h"

namespace skyseed {

// u in [0, 1) of row `row` in `step`, from one uniform of rng.
double StepRank(RowRng& rng, RowRange step, uint64_t row);

// A source direction (ICRS face point) for rank u, drawn from the galactic
// model's density (generator/galactic_model.h): u picks the order-8 pixel
// and the place along the curve inside it; a point the density rejects is
// drawn again inside the same pixel from rng, which keeps the density exact.
FacePoint SourcePointAtRank(double u, RowRng& rng);

// The survey field of an observation of rank u: fields in the order of
// their centres along the curve, each with its share of the observations
// (the survey's weight times the field's popularity).
struct SurveyField {
  int survey;
  uint32_t field;
};
SurveyField SurveyFieldAtRank(uint64_t seed, double u);

}  // namespace skyseed
