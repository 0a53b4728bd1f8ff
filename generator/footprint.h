// ObsCore footprints: real polygons on the sphere (rotated rectangles, or
// circles approximated by regular polygons), stored as pg_sphere spoly
// literals "{(ra1d,dec1d),(ra2d,dec2d),...}" whose vertices are rounded to
// 1e-6 degree (0.0036 arcsec), so the stored text is exact and portable.
#pragma once

#include <string>

#include "generator/sky_geometry.h"

namespace skyseed {

constexpr int kCircleVertices = 8;
constexpr int kMaxFootprintVertices = kCircleVertices;

struct Footprint {
  Vec3 vertices[kMaxFootprintVertices];
  int n = 0;
  double fov_deg = 0;  // diameter of the circle through the farthest vertex
};

// Rectangle of width x height degrees, rotated by position angle pa_rad.
Footprint RectangleFootprint(const TangentFrame& at, double width_deg, double height_deg,
                             double pa_rad);
// Regular polygon inscribed in a circle of the given diameter.
Footprint CircleFootprint(const TangentFrame& at, double diameter_deg, double pa_rad);

// Replaces *out with the pg_sphere literal of f's vertices.
void FormatSpoly(const Footprint& f, std::string* out);

}  // namespace skyseed
