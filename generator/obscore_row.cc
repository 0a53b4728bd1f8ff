#include "generator/obscore_row.h"

#include <cctype>
#include <cmath>
#include <string_view>

#include "det_math/det_math.h"
#include "generator/footprint.h"
#include "generator/row_rng.h"
#include "generator/sky_order.h"
#include "generator/surveys.h"
#include "generator/text_format.h"

namespace skyseed {
namespace {

// The REC's value of an axis without pixels.
constexpr int64_t kNotPixelated = -1;

bool IsEventList(const Survey& sv) { return std::string_view(sv.dataproduct_type) == "event"; }
bool IsVisibility(const Survey& sv) {
  return std::string_view(sv.dataproduct_type) == "visibility";
}

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

  WritePublisherDid(row->obs_id, &row->obs_publisher_did);

  row->access_url.assign("https://data.skyseed.example/");
  AppendLower(&row->access_url, sv.short_name);
  row->access_url.push_back('/');
  row->access_url.append(row->obs_id);

  if (sv.has_creator_did) {
    std::string& c = row->obs_creator_did.value;
    row->obs_creator_did.null = false;
    c.assign("ivo://skyseed.example/creator/");
    AppendLower(&c, sv.short_name);
    c.push_back('?');
    c.append(row->obs_id);
  } else {
    row->obs_creator_did.SetNull();
  }
  if (sv.has_preview) {
    std::string& p = row->preview.value;
    row->preview.null = false;
    p.assign(row->access_url);
    p.append("/preview.png");
  } else {
    row->preview.SetNull();
  }
}

constexpr const char* kSpectroscopicClasses[] = {"star", "star", "galaxy", "galaxy", "qso"};

void FillTarget(RowRng& rng, const Survey& sv, uint32_t field, ObsCoreRow* row) {
  row->target_class.SetNull();
  if (rng.Bernoulli(sv.target_null_fraction)) {
    row->target_name.SetNull();
    return;
  }
  if (std::string_view(sv.dataproduct_type) == "spectrum") {
    row->target_class.Set(kSpectroscopicClasses[rng.Below(5)]);
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
  row->s_pixel_scale.SetNull();
  if (IsEventList(sv)) {
    row->s_xel1 = row->s_xel2 = kNotPixelated;
  } else if (sv.xel_max > 1) {
    const int32_t xel1 = UniformInt(rng, sv.xel_min * 15 / 16, sv.xel_max);
    row->s_xel1 = xel1;
    row->s_xel2 = static_cast<int64_t>(xel1 * sv.aspect);
    row->s_pixel_scale.Set(size * 3600.0 / xel1);
  } else {
    row->s_xel1 = row->s_xel2 = 1;
  }
}

void FillTime(RowRng& rng, const Survey& sv, ObsCoreRow* row) {
  row->t_exptime = LogUniform(rng, sv.exptime_min_s, sv.exptime_max_s);
  row->t_min = rng.Uniform(sv.mjd_start, sv.mjd_end);
  if (sv.t_xel > 1) {
    // A time series spans many exposures; its resolution is the cadence, and
    // the exposures fill part of the span (never more: the REC's t_exptime
    // is within t_max - t_min).
    const double span_days = rng.Uniform(1.0, 30.0);
    row->t_max = row->t_min + span_days;
    row->t_exptime = std::fmin(row->t_exptime, span_days * 86400.0 * rng.Uniform(0.3, 0.9));
    row->t_xel = UniformInt(rng, sv.t_xel / 2, sv.t_xel);
    row->t_resolution.Set(span_days * 86400.0 / static_cast<double>(row->t_xel));
  } else {
    row->t_max = row->t_min + row->t_exptime / 86400.0;
    row->t_xel = IsEventList(sv) ? kNotPixelated : 1;
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
  row->em_xel = IsEventList(sv) ? kNotPixelated : sv.em_xel;
  row->em_ucd.assign(sv.em_ucd);
  if (sv.pol_states) {
    row->pol_states.Set(sv.pol_states);
    row->pol_xel = sv.pol_xel;
  } else {
    row->pol_states.SetNull();
    row->pol_xel = 0;
  }
  row->obs_title.assign(sv.collection);
  row->obs_title.push_back(' ');
  row->obs_title.append(row->target_name.null ? "observation" : row->target_name.value);
  row->obs_title.append(", ");
  row->obs_title.append(band.name);
  row->obs_title.append(" band");
}

// kbyte: 4-byte pixels per element plus headers; an event list holds events
// (32 bytes each at a count rate), a visibility set complex samples per
// baseline, channel, integration and polarisation.
int64_t EstimatedSizeKiB(RowRng& rng, const Survey& sv, const ObsCoreRow& row) {
  const double scatter = rng.Uniform(0.9, 1.1);
  if (IsEventList(sv)) {
    return static_cast<int64_t>(row.t_exptime * rng.Uniform(5, 50) * 32.0 / 1024.0) + 8;
  }
  if (IsVisibility(sv)) {
    constexpr double kBaselines = 351;  // 27 antennas
    const double integrations = row.t_exptime / 10.0;
    return static_cast<int64_t>(kBaselines * static_cast<double>(row.em_xel) * integrations *
                                static_cast<double>(row.pol_xel) * 8.0 / 1024.0 * scatter) +
           8;
  }
  const double pixels = static_cast<double>(row.s_xel1) * static_cast<double>(row.s_xel2) *
                        static_cast<double>(row.em_xel) * static_cast<double>(row.t_xel);
  return static_cast<int64_t>(pixels * 4.0 / 1024.0 * scatter) + 8;
}

}  // namespace

void WritePublisherDid(std::string_view obs_id, std::string* did) {
  did->assign("ivo://skyseed.example/");
  for (const char c : obs_id.substr(0, obs_id.find('.'))) {
    did->push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
  }
  did->push_back('?');
  did->append(obs_id);
}

void GenerateObsCoreRow(uint64_t seed, uint64_t index, ObsCoreRow* row) {
  RowRng rng(seed, kObsCoreTableId, index);
  // Fields come in sky order; popular ones are revisited more (~ 1/sqrt(k)).
  const SurveyField at = ObservationField(seed, index);
  const int s = at.survey;
  const Survey& sv = SurveyAt(s);
  const uint32_t field = at.field;

  row->obs_pk = static_cast<int64_t>(index);
  row->dataproduct_type.assign(sv.dataproduct_type);
  if (sv.dataproduct_subtype) {
    row->dataproduct_subtype.Set(sv.dataproduct_subtype);
  } else {
    row->dataproduct_subtype.SetNull();
  }
  row->calib_level = static_cast<int16_t>(UniformInt(rng, sv.calib_min, sv.calib_max));
  row->obs_collection.assign(sv.collection);
  FillIdentifiers(sv, field, index, row);
  row->access_format.assign(sv.access_format);
  FillTarget(rng, sv, field, row);
  FillSpatial(rng, sv, FieldCentre(seed, s, field), row);
  FillTime(rng, sv, row);
  FillSpectral(rng, sv, row);
  row->access_estsize = EstimatedSizeKiB(rng, sv, *row);
  row->facility_name.assign(sv.facility);
  row->instrument_name.assign(sv.instrument);
}

}  // namespace skyseed
