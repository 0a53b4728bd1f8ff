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
  double ra = 0;       // deg, ICRS
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
    using M = ColumnMeta;
    // clang-format off
    v("source_id", source_id, M{"", "meta.id;meta.main", "", "Unique source identifier: HEALPix level-12 nested pixel x 2^35 + a running number", M::kExtra, true});
    v("ref_epoch", ref_epoch, M{"yr", "meta.ref;time.epoch", "", "Reference epoch of the positions (Julian year)", M::kExtra});
    v("ra", ra, M{"deg", "pos.eq.ra;meta.main", "", "Right ascension, ICRS, at ref_epoch", M::kExtra, true});
    v("ra_error", ra_error, M{"mas", "stat.error;pos.eq.ra", "", "Standard error of ra (times cos dec)", M::kExtra});
    v("dec", dec, M{"deg", "pos.eq.dec;meta.main", "", "Declination, ICRS, at ref_epoch", M::kExtra, true});
    v("dec_error", dec_error, M{"mas", "stat.error;pos.eq.dec", "", "Standard error of dec", M::kExtra});
    v("parallax", parallax, M{"mas", "pos.parallax.trig", "", "Parallax (NULL for a 2-parameter solution)", M::kExtra, true});
    v("parallax_error", parallax_error, M{"mas", "stat.error;pos.parallax.trig", "", "Standard error of parallax", M::kExtra});
    v("pmra", pmra, M{"mas/yr", "pos.pm;pos.eq.ra", "", "Proper motion in right ascension (times cos dec)", M::kExtra, true});
    v("pmra_error", pmra_error, M{"mas/yr", "stat.error;pos.pm;pos.eq.ra", "", "Standard error of pmra", M::kExtra});
    v("pmdec", pmdec, M{"mas/yr", "pos.pm;pos.eq.dec", "", "Proper motion in declination", M::kExtra, true});
    v("pmdec_error", pmdec_error, M{"mas/yr", "stat.error;pos.pm;pos.eq.dec", "", "Standard error of pmdec", M::kExtra});
    v("phot_g_mean_mag", phot_g_mean_mag, M{"mag", "phot.mag;em.opt", "", "G-band mean magnitude", M::kExtra, true});
    v("phot_bp_mean_mag", phot_bp_mean_mag, M{"mag", "phot.mag;em.opt.B", "", "BP-band mean magnitude", M::kExtra});
    v("phot_rp_mean_mag", phot_rp_mean_mag, M{"mag", "phot.mag;em.opt.R", "", "RP-band mean magnitude", M::kExtra});
    v("bp_rp", bp_rp, M{"mag", "phot.color;em.opt.B;em.opt.R", "", "BP - RP colour", M::kExtra, true});
    v("radial_velocity", radial_velocity, M{"km/s", "spect.dopplerVeloc.opt;em.opt.I", "", "Radial velocity", M::kExtra});
    v("radial_velocity_error", radial_velocity_error, M{"km/s", "stat.error;spect.dopplerVeloc.opt;em.opt.I", "", "Standard error of radial_velocity", M::kExtra});
    v("l", l, M{"deg", "pos.galactic.lon", "", "Galactic longitude", M::kExtra});
    v("b", b, M{"deg", "pos.galactic.lat", "", "Galactic latitude", M::kExtra});
    // clang-format on
  }
};

void GenerateSourceRow(uint64_t seed, uint64_t index, SourceRow* row);

}  // namespace skyseed
