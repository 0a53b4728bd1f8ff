#include "generator/workload_draws.h"

#include <algorithm>
#include <cmath>

#include "det_math/det_math.h"
#include "generator/obscore_row.h"
#include "generator/row_rng.h"
#include "generator/source_row.h"
#include "generator/surveys.h"

namespace skyseed {
namespace {

enum DrawKind : uint64_t { kSourceDraw = 1, kObsDraw = 2, kConeDraw = 3 };

RowRng DrawRng(uint64_t seed, DrawKind kind, uint32_t i) {
  return RowRng(seed, kWorkloadTableId, (static_cast<uint64_t>(kind) << 40) | i);
}

// Uniform in [0, n) by 64x64 multiply-high: tiers can outgrow 2^32 rows.
uint64_t RowBelow(RowRng& rng, uint64_t n) {
  return static_cast<uint64_t>((static_cast<unsigned __int128>(rng.Next64()) * n) >> 64);
}

// What the CSV and the database hold, so the struct and the table agree.
double RoundMicro(double v) { return static_cast<double>(std::llround(v * 1e6)) / 1e6; }

ConeParam DrawCone(uint64_t seed, uint32_t i, const RadiusRange& radii) {
  RowRng rng = DrawRng(seed, kConeDraw, i);
  ConeParam c{};
  c.survey = rng.PickWeighted(SurveyCumulativeWeights(), SurveyCount());
  const Survey& sv = SurveyAt(c.survey);
  // The popularity skew of generator/obscore_row.cc (density ~ 1/sqrt(k)),
  // so cones fall where observations pile up.
  const double u = rng.Uniform();
  c.field = static_cast<uint32_t>(sv.n_fields * u * u);
  // Offset uniformly over the disc the field's pointings scatter in.
  const double r = det::deg2rad(sv.field_radius_deg) * std::sqrt(rng.Uniform());
  double s, co;
  det::sincos(det::kTwoPi * rng.Uniform(), &s, &co);
  const Vec3 centre =
      OffsetDirection(TangentFrameAt(FieldCentre(seed, c.survey, c.field)), r * co, r * s);
  LonLatFromVector(centre, &c.ra, &c.dec);
  c.ra = RoundMicro(c.ra);
  c.dec = RoundMicro(c.dec);
  c.radius =
      RoundMicro(radii.min_deg * det::exp(rng.Uniform() * det::log(radii.max_deg / radii.min_deg)));
  return c;
}

}  // namespace

RadiusRange ConeRadiusRange(uint64_t source_rows) {
  constexpr double kSkyDeg2 = 129600.0 / det::kPi;  // 4 pi sr in square degrees
  const double density = static_cast<double>(source_rows) / kSkyDeg2;
  double lo = kMinConeRadiusDeg;
  if (density > 0) {
    lo = std::max(lo, std::sqrt(kMinExpectedConeSources / (det::kPi * density)));
  }
  return {lo, lo * (kMaxConeRadiusDeg / kMinConeRadiusDeg)};
}

WorkloadParams DrawWorkloadParams(uint64_t obscore_rows, uint64_t source_rows,
                                  const WorkloadOptions& options) {
  WorkloadParams p;
  p.sources.reserve(options.lookups);
  p.observations.reserve(options.lookups);
  p.cones.reserve(options.cones);
  SourceRow source;
  ObsCoreRow obs;
  for (uint32_t i = 0; i < options.lookups; ++i) {
    RowRng rng = DrawRng(options.seed, kSourceDraw, i);
    const uint64_t row = RowBelow(rng, source_rows);
    GenerateSourceRow(options.seed, row, &source);
    p.sources.push_back({row, source.source_id});
  }
  for (uint32_t i = 0; i < options.lookups; ++i) {
    RowRng rng = DrawRng(options.seed, kObsDraw, i);
    const uint64_t row = RowBelow(rng, obscore_rows);
    GenerateObsCoreRow(options.seed, row, &obs);
    p.observations.push_back({row, obs.obs_pk, obs.obs_id});
  }
  const RadiusRange radii = ConeRadiusRange(source_rows);
  for (uint32_t i = 0; i < options.cones; ++i) p.cones.push_back(DrawCone(options.seed, i, radii));
  return p;
}

}  // namespace skyseed
