// The det:: HEALPix face geometry against chealpix, an independent
// implementation (libm): the same pixel for points inside it, the same
// centre for every pixel of a coarse order.
#include "generator/healpix_faces.h"

#include <chealpix.h>
#include <gtest/gtest.h>

#include <cmath>

#include "generator/row_rng.h"

namespace skyseed {
namespace {

TEST(HealpixFaces, InterleavingRoundTrips) {
  RowRng rng(3, 99, 0);
  for (int i = 0; i < 1000; ++i) {
    const uint32_t ix = static_cast<uint32_t>(rng.Next64()),
                   iy = static_cast<uint32_t>(rng.Next64());
    const uint64_t v = InterleaveBits(ix, iy);
    EXPECT_EQ(EvenBits(v), ix);
    EXPECT_EQ(EvenBits(v >> 1), iy);
  }
  EXPECT_EQ(InterleaveBits(1, 0), 1u);
  EXPECT_EQ(InterleaveBits(0, 1), 2u);
  EXPECT_EQ(InterleaveBits(3, 0), 5u);
}

TEST(HealpixFaces, PixelsMatchChealpixInsideEachPixel) {
  constexpr int kOrder = 12;
  constexpr double kSide = 1 << kOrder;
  RowRng rng(5, 99, 1);
  int checked = 0;
  for (int i = 0; i < 200000; ++i) {
    FacePoint p{static_cast<int>(rng.Below(12)), rng.Uniform(), rng.Uniform()};
    // Away from pixel edges, where a last-bit difference could not matter.
    const double fx = p.x * kSide - std::floor(p.x * kSide);
    const double fy = p.y * kSide - std::floor(p.y * kSide);
    if (fx < 1e-6 || fx > 1 - 1e-6 || fy < 1e-6 || fy > 1 - 1e-6) continue;
    const Vec3 v = FacePointDirection(p);
    ASSERT_NEAR(v.norm(), 1.0, 1e-14);
    const double xyz[3] = {v.x(), v.y(), v.z()};
    int64_t expected = 0;
    vec2pix_nest64(static_cast<int64_t>(kSide), xyz, &expected);
    ASSERT_EQ(NestedPixel(p, kOrder), expected) << p.face << " " << p.x << " " << p.y;
    ++checked;
  }
  EXPECT_GT(checked, 199000);
}

TEST(HealpixFaces, FacePointOfInvertsTheProjection) {
  constexpr int kOrder = 12;
  constexpr double kSide = 1 << kOrder;
  RowRng rng(7, 99, 2);
  for (int i = 0; i < 200000; ++i) {
    const double z = 2 * rng.Uniform() - 1, phi = 2 * M_PI * rng.Uniform();
    const FacePoint p = FacePointOf(z, phi);
    ASSERT_GE(p.face, 0);
    ASSERT_LT(p.face, 12);
    const Vec3 v = FacePointDirection(p);
    const double r = std::sqrt(1 - z * z);
    ASSERT_NEAR(v.x(), r * std::cos(phi), 1e-7);
    ASSERT_NEAR(v.y(), r * std::sin(phi), 1e-7);
    ASSERT_NEAR(v.z(), z, 1e-9);
    const double fx = p.x * kSide - std::floor(p.x * kSide);
    const double fy = p.y * kSide - std::floor(p.y * kSide);
    if (fx < 1e-6 || fx > 1 - 1e-6 || fy < 1e-6 || fy > 1 - 1e-6) continue;
    int64_t expected = 0;
    ang2pix_nest64(static_cast<int64_t>(kSide), std::acos(z), phi, &expected);
    ASSERT_EQ(NestedPixel(p, kOrder), expected) << z << " " << phi;
  }
}

TEST(HealpixFaces, PixelCentresMatchChealpix) {
  constexpr int kOrder = 4;
  constexpr int64_t kSide = 1 << kOrder;
  for (int64_t pix = 0; pix < 12 * kSide * kSide; ++pix) {
    const uint64_t within = static_cast<uint64_t>(pix) & (kSide * kSide - 1);
    const FacePoint centre{static_cast<int>(pix / (kSide * kSide)),
                           (EvenBits(within) + 0.5) / kSide, (EvenBits(within >> 1) + 0.5) / kSide};
    double expected[3];
    pix2vec_nest64(kSide, pix, expected);
    const Vec3 v = FacePointDirection(centre);
    EXPECT_NEAR(v.x(), expected[0], 1e-13);
    EXPECT_NEAR(v.y(), expected[1], 1e-13);
    EXPECT_NEAR(v.z(), expected[2], 1e-13);
  }
}

}  // namespace
}  // namespace skyseed
