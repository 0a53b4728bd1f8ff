// HEALPix's twelve base faces as continuous coordinates, with det:: kernels
// only: a point (face, x, y), x and y in [0, 1), is where NESTED pixel
// (face, floor(x 2^k), floor(y 2^k)) of order k lies, for every k at once.
// The projection is equal-area, so (x, y) uniform on a face is uniform on
// the sphere within it, and the NESTED curve (bits of x and y interleaved)
// walks the sky patch by patch: what sky order means in this generator.
#pragma once

#include <cstdint>

#include "generator/sky_geometry.h"

namespace skyseed {

constexpr int kHealpixFaces = 12;

struct FacePoint {
  int face = 0;  // 0..11
  double x = 0, y = 0;
};

// The unit vector of a face point (HEALPix's xyf2loc, Gorski et al. 2005).
Vec3 FacePointDirection(const FacePoint& p);

// The face point of the direction with z = cos(colatitude) and longitude
// phi in [0, 2 pi) (HEALPix's loc2pix, with the pixel grid left out).
FacePoint FacePointOf(double z, double phi);

// Bits of ix at the even positions, iy at the odd ones (NESTED order within
// a face).
uint64_t InterleaveBits(uint32_t ix, uint32_t iy);
// The inverse: the even bits of v packed.
uint32_t EvenBits(uint64_t v);

// NESTED index of the order-`order` pixel holding p (order <= 29).
int64_t NestedPixel(const FacePoint& p, int order);

}  // namespace skyseed
