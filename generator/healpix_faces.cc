#include "generator/healpix_faces.h"

#include <algorithm>
#include <cmath>

#include "det_math/det_math.h"

namespace skyseed {
namespace {

// Ring of each face's southern corner (in units of the face's diagonal) and
// the longitude of its centre in units of pi/4.
constexpr int kFaceRing[kHealpixFaces] = {2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4};
constexpr int kFacePhi[kHealpixFaces] = {1, 3, 5, 7, 0, 2, 4, 6, 1, 3, 5, 7};

uint32_t FaceIndex(double v, int order) {
  const double scaled = v * static_cast<double>(uint64_t{1} << order);
  const uint32_t limit = (uint32_t{1} << order) - 1;
  const uint32_t i = static_cast<uint32_t>(scaled);
  return i > limit ? limit : i;
}

}  // namespace

Vec3 FacePointDirection(const FacePoint& p) {
  const double jr = kFaceRing[p.face] - p.x - p.y;
  double nr, z, sin_theta;
  if (jr < 1) {  // north polar cap
    nr = jr;
    const double t = nr * nr / 3.0;
    z = 1.0 - t;
    sin_theta = std::sqrt(t * (2.0 - t));
  } else if (jr > 3) {  // south polar cap
    nr = 4.0 - jr;
    const double t = nr * nr / 3.0;
    z = t - 1.0;
    sin_theta = std::sqrt(t * (2.0 - t));
  } else {  // equatorial belt
    nr = 1.0;
    z = (2.0 - jr) * 2.0 / 3.0;
    sin_theta = std::sqrt((1.0 - z) * (1.0 + z));
  }
  double t = kFacePhi[p.face] * nr + p.x - p.y;
  if (t < 0) t += 8.0;
  if (t >= 8.0) t -= 8.0;
  const double phi = nr < 1e-15 ? 0.0 : (0.25 * det::kPi * t) / nr;
  double s, c;
  det::sincos(phi, &s, &c);
  return Vec3(sin_theta * c, sin_theta * s, z);
}

FacePoint FacePointOf(double z, double phi) {
  const double za = std::fabs(z);
  double tt = phi / (0.5 * det::kPi);  // [0, 4)
  if (tt >= 4.0) tt -= 4.0;
  if (tt < 0.0) tt += 4.0;
  FacePoint p;
  if (za <= 2.0 / 3.0) {
    // The ascending and descending edge lines through the point.
    const double up = 0.5 + tt - 0.75 * z, down = 0.5 + tt + 0.75 * z;
    const int face_up = static_cast<int>(std::floor(up)),
              face_down = static_cast<int>(std::floor(down));
    p.face = face_up == face_down ? (face_up | 4) : (face_up < face_down ? face_up : face_down + 8);
    p.x = down - face_down;
    p.y = 1.0 - (up - face_up);
  } else {
    const int ntt = std::min(3, static_cast<int>(tt));
    const double tp = tt - ntt;
    const double scale = std::sqrt(3.0 * (1.0 - za));
    const double up = tp * scale, down = (1.0 - tp) * scale;
    if (z >= 0) {
      p = {ntt, 1.0 - down, 1.0 - up};
    } else {
      p = {ntt + 8, up, down};
    }
  }
  return p;
}

uint64_t InterleaveBits(uint32_t ix, uint32_t iy) {
  auto spread = [](uint64_t v) {
    v = (v | (v << 16)) & 0x0000FFFF0000FFFFULL;
    v = (v | (v << 8)) & 0x00FF00FF00FF00FFULL;
    v = (v | (v << 4)) & 0x0F0F0F0F0F0F0F0FULL;
    v = (v | (v << 2)) & 0x3333333333333333ULL;
    v = (v | (v << 1)) & 0x5555555555555555ULL;
    return v;
  };
  return spread(ix) | (spread(iy) << 1);
}

uint32_t EvenBits(uint64_t v) {
  v &= 0x5555555555555555ULL;
  v = (v | (v >> 1)) & 0x3333333333333333ULL;
  v = (v | (v >> 2)) & 0x0F0F0F0F0F0F0F0FULL;
  v = (v | (v >> 4)) & 0x00FF00FF00FF00FFULL;
  v = (v | (v >> 8)) & 0x0000FFFF0000FFFFULL;
  v = (v | (v >> 16)) & 0x00000000FFFFFFFFULL;
  return static_cast<uint32_t>(v);
}

int64_t NestedPixel(const FacePoint& p, int order) {
  const uint64_t within = InterleaveBits(FaceIndex(p.x, order), FaceIndex(p.y, order));
  return static_cast<int64_t>((static_cast<uint64_t>(p.face) << (2 * order)) | within);
}

}  // namespace skyseed
