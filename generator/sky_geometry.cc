#include "generator/sky_geometry.h"

#include <Eigen/Geometry>
#include <cmath>

#include "det_math/det_math.h"

namespace skyseed {

Vec3 UnitFromRaDec(double ra_deg, double dec_deg) {
  double sa, ca, sd, cd;
  det::sincos(det::deg2rad(ra_deg), &sa, &ca);
  det::sincos(det::deg2rad(dec_deg), &sd, &cd);
  return Vec3(cd * ca, cd * sa, sd);
}

void LonLatFromVector(const Vec3& v, double* lon_deg, double* lat_deg) {
  const double rho = std::sqrt(v.x() * v.x() + v.y() * v.y());
  double lon = det::rad2deg(det::atan2(v.y(), v.x()));
  if (lon < 0) lon += 360.0;
  // -tiny + 360 rounds to 360 exactly; keep the half-open range.
  if (lon >= 360.0) lon = 0.0;
  *lon_deg = lon;
  *lat_deg = det::rad2deg(det::atan2(v.z(), rho));
}

const Eigen::Matrix3d& IcrsToGalacticMatrix() {
  static const Eigen::Matrix3d r = [] {
    Eigen::Matrix3d m;
    m << -0.0548755604, -0.8734370902, -0.4838350155,  //
        +0.4941094279, -0.4448296300, +0.7469822445,   //
        -0.8676661490, -0.1980763734, +0.4559837762;
    return m;
  }();
  return r;
}

TangentFrame TangentFrameAt(const Vec3& c) {
  TangentFrame f;
  f.centre = c;
  // At the poles east is undefined; any perpendicular will do.
  Vec3 east = Vec3::UnitZ().cross(c);
  if (east.squaredNorm() < 1e-24) east = Vec3::UnitY();
  f.east = east / std::sqrt(east.squaredNorm());
  f.north = c.cross(f.east);
  return f;
}

Vec3 OffsetDirection(const TangentFrame& f, double x_rad, double y_rad) {
  const Vec3 p = f.centre + x_rad * f.east + y_rad * f.north;
  return p / std::sqrt(p.squaredNorm());
}

double AngularDistanceDeg(const Vec3& a, const Vec3& b) {
  const Vec3 cr = a.cross(b);
  return det::rad2deg(det::atan2(std::sqrt(cr.squaredNorm()), a.dot(b)));
}

}  // namespace skyseed
