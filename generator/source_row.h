// One row of the Gaia-like source catalogue (gaia.gaia_source style): source_id
// is the HEALPix level-12 NESTED pixel x 2^35 plus the row index as the
// running number, so `source_id / 34359738368` is the level-12 pixel while
// the row index still makes it unique.
#pragma once

#include <cstdint>

#include "generator/columns.h"

namespace skyseed {

constexpr uint32_t kSourceTableId = 2;
constexpr int64_t kSourceIdPixelFactor = int64_t{1} << 35;

struct SourceRow {
  int64_t source_id = 0;
  double ref_epoch = 2016.0;
  double ra = 0;  // deg, ICRS
  float ra_error = 0;  // mas
  double dec = 0;
  float dec_error = 0;
  Nullable<double> parallax;  // mas; values <= 0 occur
  Nullable<float> parallax_error;
  Nullable<double> pmra;  // mas/yr, includes cos(dec)
  Nullable<float> pmra_error;
  Nullable<double> pmdec;
  Nullable<float> pmdec_error;
  float phot_g_mean_mag = 0;
  Nullable<float> phot_bp_mean_mag;
  Nullable<float> phot_rp_mean_mag;
  Nullable<float> bp_rp;
  Nullable<float> radial_velocity;  // km/s
  Nullable<float> radial_velocity_error;
  double l = 0, b = 0;  // deg, Galactic

  template <typename V>
  void Columns(V& v) {
    v("source_id", source_id);
    v("ref_epoch", ref_epoch);
    v("ra", ra);
    v("ra_error", ra_error);
    v("dec", dec);
    v("dec_error", dec_error);
    v("parallax", parallax);
    v("parallax_error", parallax_error);
    v("pmra", pmra);
    v("pmra_error", pmra_error);
    v("pmdec", pmdec);
    v("pmdec_error", pmdec_error);
    v("phot_g_mean_mag", phot_g_mean_mag);
    v("phot_bp_mean_mag", phot_bp_mean_mag);
    v("phot_rp_mean_mag", phot_rp_mean_mag);
    v("bp_rp", bp_rp);
    v("radial_velocity", radial_velocity);
    v("radial_velocity_error", radial_velocity_error);
    v("l", l);
    v("b", b);
  }
};

void GenerateSourceRow(uint64_t seed, uint64_t index, SourceRow* row);

}  // namespace skyseed
