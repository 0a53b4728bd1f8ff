#include "generator/obscore_row.h"

#include <cctype>
#include <cmath>

#include "generator/det_math.h"
#include "generator/footprint.h"
#include "generator/row_rng.h"
#include "generator/surveys.h"
#include "generator/text_format.h"

namespace skyseed {
namespace {

// Log-uniform between lo and hi: exposure times span decades.
double LogUniform(RowRng& rng, double lo, double hi) {
  return lo * det::exp(rng.Uniform() * det::log(hi / lo));
}

int32_t UniformInt(RowRng& rng, int32_t lo, int32_t hi) {
  return lo + static_cast<int32_t>(rng.Below(static_cast<uint32_t>(hi - lo + 1)));
}

void AppendLower(std::string* s, const char* text) {
  for (const char* p = text; *p; ++p) s->push_back(static_cast<char>(std::tolower(*p)));
}

void FillIdentifiers(const Survey& sv, uint32_t field, uint64_t index, ObsCoreRow* row) {
  row->obs_id.assign(sv.short_name);
  row->obs_id.append(".F");
  AppendPadded(&row->obs_id, field, 5);
  row->obs_id.push_back('.');
  AppendPadded(&row->obs_id, index, 10);

  row->obs_publisher_did.assign("ivo://skyseed.example/");
  AppendLower(&row->obs_publisher_did, sv.short_name);
  row->obs_publisher_did.push_back('?');
  row->obs_publisher_did.append(row->obs_id);

  row->access_url.assign("https://data.skyseed.example/");
  AppendLower(&row->access_url, sv.short_name);
  row->access_url.push_back('/');
  row->access_url.append(row->obs_id);
}

void FillTarget(RowRng& rng, const Survey& sv, uint32_t field, ObsCoreRow* row) {
  if (rng.Bernoulli(sv.target_null_fraction)) {
    row->target_name.SetNull();
    return;
  }
  row->target_name.null = false;
  std::string& t = row->target_name.value;
  t.assign(sv.short_name);
  t.append(" field ");
  AppendInt(&t, field);
}

void FillSpatial(RowRng& rng, const Survey& sv, const Vec3& field_centre, ObsCoreRow* row) {
  // Pointings scatter uniformly over a disc around the field centre.
  const double r = det::deg2rad(sv.field_radius_deg) * std::sqrt(rng.Uniform());
  double s, c;
  det::sincos(det::kTwoPi * rng.Uniform(), &s, &c);
  const Vec3 pointing = OffsetDirection(TangentFrameAt(field_centre), r * c, r * s);
  LonLatFromVector(pointing, &row->s_ra, &row->s_dec);

  const TangentFrame frame = TangentFrameAt(pointing);
  const double size = rng.Uniform(sv.fov_min_deg, sv.fov_max_deg);
  const double pa = det::kPi * rng.Uniform();
  const Footprint f = sv.shape == FootprintShape::kRectangle
                          ? RectangleFootprint(frame, size, size * sv.aspect, pa)
                          : CircleFootprint(frame, size, pa);
  row->s_fov = f.fov_deg;
  FormatSpoly(f, &row->s_region);
  row->s_resolution.Set(rng.Uniform(sv.resolution_min_arcsec, sv.resolution_max_arcsec));
  if (sv.xel_max > 1) {
    const int32_t xel1 = UniformInt(rng, sv.xel_min * 15 / 16, sv.xel_max);
    row->s_xel1.Set(xel1);
    row->s_xel2.Set(static_cast<int32_t>(xel1 * sv.aspect));
  } else {
    row->s_xel1.Set(1);
    row->s_xel2.Set(1);
  }
}

void FillTime(RowRng& rng, const Survey& sv, ObsCoreRow* row) {
  row->t_exptime = LogUniform(rng, sv.exptime_min_s, sv.exptime_max_s);
  row->t_min = rng.Uniform(sv.mjd_start, sv.mjd_end);
  if (sv.t_xel > 1) {
    // A time series spans many exposures; its resolution is the cadence.
    const double span_days = rng.Uniform(1.0, 30.0);
    row->t_max = row->t_min + span_days;
    row->t_xel.Set(UniformInt(rng, sv.t_xel / 2, sv.t_xel));
    row->t_resolution.Set(span_days * 86400.0 / row->t_xel.value);
  } else {
    row->t_max = row->t_min + row->t_exptime / 86400.0;
    row->t_xel.Set(1);
    if (rng.Bernoulli(0.1)) {
      row->t_resolution.SetNull();
    } else {
      row->t_resolution.Set(row->t_exptime);
    }
  }
}

void FillSpectral(RowRng& rng, const Survey& sv, ObsCoreRow* row) {
  const Band& band = sv.bands[rng.Below(static_cast<uint32_t>(sv.n_bands))];
  row->em_min = band.em_min_m;
  row->em_max = band.em_max_m;
  row->o_ucd.assign(band.o_ucd);
  if (sv.res_power_max > 0) {
    row->em_res_power.Set(rng.Uniform(sv.res_power_min, sv.res_power_max));
  } else {
    row->em_res_power.SetNull();
  }
  row->em_xel.Set(sv.em_xel);
  if (sv.pol_states) {
    row->pol_states.Set(sv.pol_states);
    row->pol_xel.Set(sv.pol_xel);
  } else {
    row->pol_states.SetNull();
    row->pol_xel.SetNull();
  }
}

}  // namespace

void GenerateObsCoreRow(uint64_t seed, uint64_t index, ObsCoreRow* row) {
  RowRng rng(seed, kObsCoreTableId, index);
  const int s = rng.PickWeighted(SurveyCumulativeWeights(), SurveyCount());
  const Survey& sv = SurveyAt(s);
  // Popular fields are revisited more: field k is drawn with density ~ 1/sqrt(k).
  const double u = rng.Uniform();
  const uint32_t field = static_cast<uint32_t>(sv.n_fields * u * u);

  row->obs_pk = static_cast<int64_t>(index);
  row->dataproduct_type.assign(sv.dataproduct_type);
  row->calib_level = static_cast<int16_t>(UniformInt(rng, sv.calib_min, sv.calib_max));
  row->obs_collection.assign(sv.collection);
  FillIdentifiers(sv, field, index, row);
  row->access_format.assign(sv.access_format);
  FillTarget(rng, sv, field, row);
  FillSpatial(rng, sv, FieldCentre(seed, s, field), row);
  FillTime(rng, sv, row);
  FillSpectral(rng, sv, row);
  // 4-byte pixels per spatial x spectral x time element, plus headers.
  const double pixels = static_cast<double>(row->s_xel1.value) * row->s_xel2.value *
                        row->em_xel.value * row->t_xel.value;
  row->access_estsize = static_cast<int64_t>(pixels * 4.0 / 1024.0 * rng.Uniform(0.9, 1.1)) + 8;
  row->facility_name.assign(sv.facility);
  row->instrument_name.assign(sv.instrument);
}

}  // namespace skyseed
