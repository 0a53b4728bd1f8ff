// The synthetic archive's surveys: each ObsCore row belongs to one survey and
// one of its fields, so observations cluster on the sky the way an archive's
// do and cone searches on a field centre return groups.
#pragma once

#include <cstdint>

#include "generator/healpix_faces.h"
#include "generator/sky_geometry.h"

namespace skyseed {

enum class FootprintShape { kRectangle, kCircle };

struct Band {
  const char* name;
  double em_min_m;
  double em_max_m;
  const char* o_ucd;
};

struct Survey {
  const char* short_name;  // in obs_id, e.g. "WIDE"
  const char* collection;  // obs_collection
  const char* facility;
  const char* instrument;
  const char* dataproduct_type;
  const char* access_format;
  uint32_t weight;  // share of all observations
  uint32_t n_fields;
  double field_radius_deg;  // pointings scatter within this of a field centre
  FootprintShape shape;
  double fov_min_deg, fov_max_deg;  // footprint side (rectangle) or diameter (circle)
  double aspect;                    // rectangle height / width
  double exptime_min_s, exptime_max_s;
  double resolution_min_arcsec, resolution_max_arcsec;
  int32_t xel_min, xel_max;             // s_xel1 (s_xel2 = xel1 * aspect)
  int32_t em_xel;                       // spectral pixels (1 for broad-band images)
  double res_power_min, res_power_max;  // 0: em_res_power NULL
  int32_t t_xel;                        // time samples (>1 for time series)
  const char* pol_states;               // nullptr: not polarimetric
  int32_t pol_xel;
  double mjd_start, mjd_end;
  int16_t calib_min, calib_max;
  double target_null_fraction;
  const Band* bands;
  int n_bands;
  const char* em_ucd;               // UCD of the spectral axis
  const char* dataproduct_subtype;  // nullptr: NULL
  bool has_preview;                 // images and cubes have a quick-look
  bool has_creator_did;             // the creator's own identifiers are published
};

int SurveyCount();
const Survey& SurveyAt(int index);
// Cumulative survey weights, for RowRng::PickWeighted.
const uint32_t* SurveyCumulativeWeights();

// Field f of survey s: a pure function of (seed, s, f), uniform on the
// sphere; as a face point, its place along the NESTED curve.
Vec3 FieldCentre(uint64_t seed, int survey, uint32_t field);
FacePoint FieldPoint(uint64_t seed, int survey, uint32_t field);

}  // namespace skyseed
