#include "generator/footprint.h"

#include <cmath>

#include "det_math/det_math.h"
#include "generator/text_format.h"

namespace skyseed {
namespace {

// Places tangent-plane offsets (u, v), in radians, rotated by pa.
void PlaceVertices(const TangentFrame& at, const double* u, const double* v, int n, double pa_rad,
                   Footprint* f) {
  double s, c;
  det::sincos(pa_rad, &s, &c);
  double max_r2 = 0;
  for (int k = 0; k < n; ++k) {
    const double x = c * u[k] - s * v[k];
    const double y = s * u[k] + c * v[k];
    f->vertices[k] = OffsetDirection(at, x, y);
    const double r2 = x * x + y * y;
    if (r2 > max_r2) max_r2 = r2;
  }
  f->n = n;
  // Gnomonic: a tangent-plane radius r lies at angle atan(r) from the centre.
  f->fov_deg = 2.0 * det::rad2deg(det::atan(std::sqrt(max_r2)));
}

}  // namespace

Footprint RectangleFootprint(const TangentFrame& at, double width_deg, double height_deg,
                             double pa_rad) {
  const double hw = det::deg2rad(width_deg) * 0.5;
  const double hh = det::deg2rad(height_deg) * 0.5;
  // South-west, north-west, north-east, south-east: counter-clockwise on the
  // sky as DALI 1.1 (sec. 3.3.7, polygon) defines it, seen from the origin
  // looking out with east (+u) to the left; equivalently (v_i x v_i+1) points
  // away from the centre, into the sphere.
  const double u[4] = {-hw, -hw, hw, hw};
  const double v[4] = {-hh, hh, hh, -hh};
  Footprint f;
  PlaceVertices(at, u, v, 4, pa_rad, &f);
  return f;
}

Footprint CircleFootprint(const TangentFrame& at, double diameter_deg, double pa_rad) {
  const double r = det::deg2rad(diameter_deg) * 0.5;
  double u[kCircleVertices], v[kCircleVertices];
  for (int k = 0; k < kCircleVertices; ++k) {
    double s, c;
    det::sincos(det::kTwoPi * k / kCircleVertices, &s, &c);
    // Clockwise in (east, north), which is DALI's counter-clockwise on the
    // sky (see RectangleFootprint).
    u[k] = r * c;
    v[k] = -r * s;
  }
  Footprint f;
  PlaceVertices(at, u, v, kCircleVertices, pa_rad, &f);
  return f;
}

void FormatSpoly(const Footprint& f, std::string* out) {
  out->clear();
  out->push_back('{');
  for (int k = 0; k < f.n; ++k) {
    double lon, lat;
    LonLatFromVector(f.vertices[k], &lon, &lat);
    if (k) out->push_back(',');
    out->push_back('(');
    AppendFixed6(out, lon);
    out->append("d,");
    AppendFixed6(out, lat);
    out->append("d)");
  }
  out->push_back('}');
}

}  // namespace skyseed
