// Directions on the celestial sphere as unit vectors (Eigen), and the few
// conversions the generator needs, all built on det:: kernels so that stored
// angles do not depend on the platform's libm.
#pragma once

#include <Eigen/Core>

namespace skyseed {

using Vec3 = Eigen::Vector3d;

Vec3 UnitFromRaDec(double ra_deg, double dec_deg);
// Longitude in [0, 360), latitude in [-90, 90], both degrees; v need not be unit.
void LonLatFromVector(const Vec3& v, double* lon_deg, double* lat_deg);

// ICRS <-> Galactic (Hipparcos rotation, as ERFA icrs2g): x_gal = R x_icrs.
const Eigen::Matrix3d& IcrsToGalacticMatrix();
inline Vec3 IcrsToGalactic(const Vec3& v) { return IcrsToGalacticMatrix() * v; }
inline Vec3 GalacticToIcrs(const Vec3& v) { return IcrsToGalacticMatrix().transpose() * v; }

// East and north unit vectors of the tangent plane at unit vector c.
struct TangentFrame {
  Vec3 centre, east, north;
};
TangentFrame TangentFrameAt(const Vec3& c);
// Gnomonic inverse: the direction at tangent-plane offset (x, y) radians.
Vec3 OffsetDirection(const TangentFrame& f, double x_rad, double y_rad);

// Great-circle distance in degrees (robust atan2 form).
double AngularDistanceDeg(const Vec3& a, const Vec3& b);

}  // namespace skyseed
