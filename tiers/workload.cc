#include "tiers/workload.h"

#include <algorithm>
#include <cmath>

#include "generator/corpus_tables.h"
#include "generator/det_math.h"
#include "generator/obscore_row.h"
#include "generator/row_rng.h"
#include "generator/source_row.h"
#include "generator/surveys.h"
#include "generator/text_format.h"
#include "tiers/workload_text.h"

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

RadiusRange ConeRadiusRange(const TierSpec& tier) {
  constexpr double kSkyDeg2 = 129600.0 / det::kPi;  // 4 pi sr in square degrees
  const double density = static_cast<double>(tier.source_rows) / kSkyDeg2;
  double lo = kMinConeRadiusDeg;
  if (density > 0) {
    lo = std::max(lo, std::sqrt(kMinExpectedConeSources / (det::kPi * density)));
  }
  return {lo, lo * (kMaxConeRadiusDeg / kMinConeRadiusDeg)};
}

WorkloadParams DrawWorkloadParams(const TierSpec& tier, const WorkloadOptions& options) {
  WorkloadParams p;
  p.sources.reserve(options.lookups);
  p.observations.reserve(options.lookups);
  p.cones.reserve(options.cones);
  SourceRow source;
  ObsCoreRow obs;
  for (uint32_t i = 0; i < options.lookups; ++i) {
    RowRng rng = DrawRng(options.seed, kSourceDraw, i);
    const uint64_t row = RowBelow(rng, tier.source_rows);
    GenerateSourceRow(options.seed, row, &source);
    p.sources.push_back({row, source.source_id});
  }
  for (uint32_t i = 0; i < options.lookups; ++i) {
    RowRng rng = DrawRng(options.seed, kObsDraw, i);
    const uint64_t row = RowBelow(rng, tier.obscore_rows);
    GenerateObsCoreRow(options.seed, row, &obs);
    p.observations.push_back({row, obs.obs_pk, obs.obs_id});
  }
  const RadiusRange radii = ConeRadiusRange(tier);
  for (uint32_t i = 0; i < options.cones; ++i) p.cones.push_back(DrawCone(options.seed, i, radii));
  return p;
}

const std::vector<MixEntry>& WorkloadMix() {
  // Every index the schema builds is exercised: both primary keys, the
  // obs_id btree, the position GiST and the footprint GiST.
  static const std::vector<MixEntry> mix = {
      {"lookup_source.sql", 35, true},      {"lookup_obs.sql", 20, true},
      {"lookup_obs_id.sql", 15, true},      {"cone_source.sql", 20, false},
      {"footprint_obscore.sql", 10, false},
  };
  return mix;
}

std::vector<WorkloadFile> RenderWorkload(const TierSpec& tier, const WorkloadOptions& options,
                                         const WorkloadParams& params) {
  const WorkloadText text{tier, options, params};
  const std::string sources = SourceCsv(params);
  const std::string observations = ObsCsv(params);
  const std::string cones = ConeCsv(params);
  std::vector<WorkloadFile> files = {
      {"params/lookup_source.csv", sources},
      {"params/lookup_obs.csv", observations},
      {"params/cone.csv", cones},
      {"setup.sql", SetupSql(text, sources, observations, cones)},
  };
  for (WorkloadFile& f : PgbenchScripts(text)) files.push_back(std::move(f));
  files.push_back({"run-mix.sh", RunMixScript(), true});
  files.push_back({"README.txt", ReadmeText(text)});
  return files;
}

std::vector<WorkloadFile> WorkloadFiles(const TierSpec& tier, const WorkloadOptions& options) {
  return RenderWorkload(tier, options, DrawWorkloadParams(tier, options));
}

}  // namespace skyseed
