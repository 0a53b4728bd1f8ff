#include "generator/source_row.h"

#include <cmath>

#include "det_math/det_math.h"
#include "generator/galactic_model.h"
#include "generator/row_rng.h"
#include "generator/sky_geometry.h"
#include "generator/sky_order.h"

namespace skyseed {
namespace {

constexpr int kSourceIdOrder = 12;

float F(double v) { return static_cast<float>(v); }

void FillAstrometry(RowRng& rng, double g, SourceRow* row) {
  // Gaia DR3-like error law: ~0.02 mas at G = 15, ~0.6 mas at G = 21.
  const double sigma = 0.01 + 0.02 * det::pow10(0.25 * (g - 15.0));
  row->ra_error = F(sigma * rng.Uniform(0.8, 1.2));
  row->dec_error = F(sigma * rng.Uniform(0.8, 1.2));
  // Two-parameter solutions (no parallax, no proper motion) dominate at the
  // faint end, about 22 % of the catalogue.
  const double p2 = std::fmin(0.9, std::fmax(0.02, (g - 18.8) * 0.3));
  if (rng.Bernoulli(p2)) {
    row->parallax.SetNull();
    row->parallax_error.SetNull();
    row->pmra.SetNull();
    row->pmra_error.SetNull();
    row->pmdec.SetNull();
    row->pmdec_error.SetNull();
    return;
  }
  // Brighter stars are nearer on average; the scatter is log-normal.
  const double true_plx = 2.0 * det::pow10(-0.2 * (g - 10.0) + 0.3 * rng.Normal());
  const double plx_error = 1.3 * sigma;
  row->parallax.Set(true_plx + plx_error * rng.Normal());
  row->parallax_error.Set(F(plx_error));
  // Proper motion: a velocity dispersion seen at the star's distance.
  const double pm_scale = 2.0 + 5.0 * true_plx;
  row->pmra.Set(pm_scale * rng.Normal());
  row->pmdec.Set(pm_scale * rng.Normal() - 0.5 * pm_scale);
  // Each axis its own error, as in Gaia, where the scanning law makes them
  // differ star by star.
  row->pmra_error.Set(F(1.4 * sigma * rng.Uniform(0.8, 1.2)));
  row->pmdec_error.Set(F(1.4 * sigma * rng.Uniform(0.8, 1.2)));
}

void FillPhotometry(RowRng& rng, double g, double sin_b, SourceRow* row) {
  row->phot_g_mean_mag = F(g);
  if (g > 20.5 && rng.Bernoulli(0.4)) {
    row->phot_bp_mean_mag.SetNull();
    row->phot_rp_mean_mag.SetNull();
    row->bp_rp.SetNull();
  } else {
    // Redder towards the plane (extinction, a Lorentzian in sin b: no exp
    // needed), bluer at the faint end (halo).
    const double x = sin_b / 0.1;
    const double colour = 0.9 + 0.6 / (1.0 + x * x) - 0.02 * (g - 15.0) + 0.35 * rng.Normal();
    row->bp_rp.Set(F(colour));
    row->phot_bp_mean_mag.Set(F(g + 0.45 * colour + 0.05));
    row->phot_rp_mean_mag.Set(F(g + 0.45 * colour + 0.05 - colour));
  }
  if (g < 15.0 && rng.Bernoulli(0.5)) {
    row->radial_velocity.Set(F(40.0 * rng.Normal()));
    row->radial_velocity_error.Set(F(0.3 + 0.4 * det::pow10(0.3 * (g - 12.0))));
  } else {
    row->radial_velocity.SetNull();
    row->radial_velocity_error.SetNull();
  }
}

}  // namespace

void GenerateSourceRow(uint64_t seed, uint64_t index, SourceRow* row) {
  RowRng rng(seed, kSourceTableId, index);
  const FacePoint point = SourcePoint(seed, index);
  const Vec3 icrs = FacePointDirection(point);
  const Vec3 gal = IcrsToGalactic(icrs);
  LonLatFromVector(icrs, &row->ra, &row->dec);
  LonLatFromVector(gal, &row->l, &row->b);
  // The pixel the point was placed in, exactly: no trigonometry can move it.
  row->source_id =
      NestedPixel(point, kSourceIdOrder) * kSourceIdPixelFactor + static_cast<int64_t>(index);

  const double g = SampleGMagnitude(rng);
  FillAstrometry(rng, g, row);
  FillPhotometry(rng, g, gal.z(), row);
}

}  // namespace skyseed
