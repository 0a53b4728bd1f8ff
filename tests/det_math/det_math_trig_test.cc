// Accuracy tests of the det:: trigonometric kernels (sin, cos, atan, atan2,
// asin, acos) against the platform libm. Only error bounds and structural
// properties (symmetry, monotonicity, documented conventions) are asserted,
// never exact output bits of a polynomial, so that a better polynomial is
// not a test failure.
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <cstdint>

#include "det_math/det_math.h"
#include "tests/det_math/det_math_testing.h"

namespace skyseed::det {
namespace {

// ------------------------------------------------------------ sin / cos

double SmallAngle(Lcg& r) { return r.Uniform(-2 * kTwoPi, 2 * kTwoPi); }
double LargeAngle(Lcg& r) { return r.Uniform(-1e6, 1e6); }
double AnyMagnitudeAngle(Lcg& r) { return r.Sign() * r.LogUniform(-1074, 20); }
// Doubles at and next to multiples of pi/2, where sin or cos is nearly zero
// and only an argument reduction carrying ~100+ bits of pi/2 keeps relative
// accuracy.
double NearQuadrantMultiple(Lcg& r) {
  const double k = std::floor(r.Uniform(1.0, 1.3e6));
  double x = k * kHalfPi;
  const int steps = static_cast<int>(r.Next() * 4);
  for (int i = 0; i < steps; ++i) x = std::nextafter(x, r.Next() < 0.5 ? 0.0 : kInf);
  return r.Sign() * x;
}

TEST(DetMathSinCos, MatchesLibmOnSmallAngles) {
  EXPECT_ACCURATE(Compare(
      sin, [](double x) { return std::sin(x); }, SmallAngle, 1));
  EXPECT_ACCURATE(Compare(
      cos, [](double x) { return std::cos(x); }, SmallAngle, 2));
}

TEST(DetMathSinCos, MatchesLibmOnLargeAngles) {
  EXPECT_ACCURATE(Compare(
      sin, [](double x) { return std::sin(x); }, LargeAngle, 3));
  EXPECT_ACCURATE(Compare(
      cos, [](double x) { return std::cos(x); }, LargeAngle, 4));
}

TEST(DetMathSinCos, MatchesLibmAcrossMagnitudes) {
  EXPECT_ACCURATE(Compare(
      sin, [](double x) { return std::sin(x); }, AnyMagnitudeAngle, 5));
  EXPECT_ACCURATE(Compare(
      cos, [](double x) { return std::cos(x); }, AnyMagnitudeAngle, 6));
}

// Stricter than an absolute bound: the result stays relatively accurate even
// where it is ~1e-17 because x is the double nearest k * pi/2.
TEST(DetMathSinCos, RelativelyAccurateNearZeros) {
  EXPECT_ACCURATE(Compare(
      sin, [](double x) { return std::sin(x); }, NearQuadrantMultiple, 7));
  EXPECT_ACCURATE(Compare(
      cos, [](double x) { return std::cos(x); }, NearQuadrantMultiple, 8));
}

// The doubles closest to multiples of pi/2 below kTrigMaxArg, from an
// exhaustive high-precision search over all k < 1.34e6: there x - k*pi/2 is
// only ~2^-75 * x, so ~130 bits of pi/2 are needed for a correct last bit.
TEST(DetMathSinCos, HardestReductionCases) {
  for (double x : {0x1.9eb7148f354d6p+20, 0x1.39c6fd67805a7p+20, 0x1.39c6fd67805a7p+19,
                   0x1.a9adcc7f96cf0p+20, 0x1.f8b073c688bebp+20, 0x1.93c05c9ed3cbcp+20,
                   0x1.2ed045771ed8dp+20, 0x1.44bdb557e1dc1p+20}) {
    for (double sx : {x, -x}) {
      EXPECT_LE(RelErr(sin(sx), std::sin(sx)), kTol) << std::hexfloat << sx;
      EXPECT_LE(RelErr(cos(sx), std::cos(sx)), kTol) << std::hexfloat << sx;
    }
  }
}

TEST(DetMathSinCos, SincosEqualsSinAndCosBitwise) {
  Lcg rng(9);
  for (int i = 0; i < kSamples; ++i) {
    const double x = i % 2 == 0 ? SmallAngle(rng) : NearQuadrantMultiple(rng);
    double s, c;
    sincos(x, &s, &c);
    ASSERT_EQ(Bits(s), Bits(sin(x))) << std::hexfloat << x;
    ASSERT_EQ(Bits(c), Bits(cos(x))) << std::hexfloat << x;
  }
}

TEST(DetMathSinCos, SinIsOddAndCosIsEvenBitwise) {
  Lcg rng(10);
  for (int i = 0; i < kSamples; ++i) {
    const double x = i % 2 == 0 ? LargeAngle(rng) : AnyMagnitudeAngle(rng);
    ASSERT_EQ(Bits(sin(-x)), Bits(-sin(x))) << std::hexfloat << x;
    ASSERT_EQ(Bits(cos(-x)), Bits(cos(x))) << std::hexfloat << x;
  }
}

TEST(DetMathSinCos, PythagoreanIdentity) {
  Lcg rng(11);
  for (int i = 0; i < kSamples; ++i) {
    const double x = i % 2 == 0 ? SmallAngle(rng) : LargeAngle(rng);
    double s, c;
    sincos(x, &s, &c);
    ASSERT_NEAR(s * s + c * c, 1.0, 4e-16) << std::hexfloat << x;
  }
}

TEST(DetMathSinCos, SpecialPoints) {
  EXPECT_EQ(Bits(sin(0.0)), Bits(0.0));
  EXPECT_EQ(Bits(sin(-0.0)), Bits(-0.0));
  EXPECT_EQ(cos(0.0), 1.0);
  EXPECT_EQ(cos(-0.0), 1.0);
  EXPECT_EQ(sin(kHalfPi), 1.0);
  EXPECT_EQ(sin(-kHalfPi), -1.0);
  EXPECT_EQ(cos(kPi), -1.0);
  EXPECT_EQ(cos(kTwoPi), 1.0);
  // kPi and kHalfPi are not exactly pi and pi/2: the results are the (tiny)
  // differences, which must be right relatively too.
  EXPECT_LE(RelErr(sin(kPi), std::sin(kPi)), kTol);
  EXPECT_LE(RelErr(cos(kHalfPi), std::cos(kHalfPi)), kTol);
  EXPECT_LE(RelErr(sin(kTwoPi), std::sin(kTwoPi)), kTol);
  EXPECT_LE(RelErr(sin(1e-300), 1e-300), kTol);
  EXPECT_LE(RelErr(sin(kPi / 6), 0.5), kTol);
  EXPECT_LE(RelErr(cos(kPi / 3), 0.5), kTol);
}

TEST(DetMathSinCos, OutOfDomainIsNaN) {
  for (double x : {kInf, -kInf, std::nan(""), 1e7, -2 * kTrigMaxArg}) {
    EXPECT_TRUE(std::isnan(sin(x))) << x;
    EXPECT_TRUE(std::isnan(cos(x))) << x;
    double s, c;
    sincos(x, &s, &c);
    EXPECT_TRUE(std::isnan(s) && std::isnan(c)) << x;
  }
  EXPECT_FALSE(std::isnan(sin(kTrigMaxArg)));
  EXPECT_LE(RelErr(sin(kTrigMaxArg), std::sin(kTrigMaxArg)), kTol);
}

// ------------------------------------------------------------------ atan

double AtanArg(Lcg& r) {
  return r.Next() < 0.5 ? r.Uniform(-4.0, 4.0) : r.Sign() * r.LogUniform(-1074, 80);
}

TEST(DetMathAtan, MatchesLibm) {
  EXPECT_ACCURATE(Compare(
      atan, [](double x) { return std::atan(x); }, AtanArg, 21));
}

TEST(DetMathAtan, SpecialPoints) {
  EXPECT_EQ(Bits(atan(0.0)), Bits(0.0));
  EXPECT_EQ(Bits(atan(-0.0)), Bits(-0.0));
  EXPECT_EQ(atan(1.0), kPi / 4);
  EXPECT_EQ(atan(-1.0), -kPi / 4);
  EXPECT_EQ(atan(kInf), kHalfPi);
  EXPECT_EQ(atan(-kInf), -kHalfPi);
  EXPECT_EQ(atan(1e300), kHalfPi);
  EXPECT_TRUE(std::isnan(atan(std::nan(""))));
}

TEST(DetMathAtan, OddBitwise) {
  Lcg rng(22);
  for (int i = 0; i < kSamples; ++i) {
    const double x = AtanArg(rng);
    ASSERT_EQ(Bits(atan(-x)), Bits(-atan(x))) << std::hexfloat << x;
  }
}

// Walks n consecutive doubles upward from start and checks that f never
// decreases (or never increases, for decreasing == true).
void ExpectMonotonic(double (*f)(double), double start, int n, bool decreasing, const char* what) {
  double x = start;
  double prev = f(x);
  for (int i = 0; i < n; ++i) {
    x = std::nextafter(x, kInf);
    const double v = f(x);
    if (decreasing ? v > prev : v < prev) {
      ADD_FAILURE() << what << " not monotonic at x=" << std::hexfloat << x;
      return;
    }
    prev = v;
  }
}

// Walks both sides of b: from 2n ulps below it to 2n ulps above.
double UlpsBelow(double b, int n) {
  for (int i = 0; i < n; ++i) b = std::nextafter(b, -kInf);
  return b;
}

TEST(DetMathAtan, MonotonicAcrossReductionBoundaries) {
  // +-1 and the interval edges where the reduction switches formula.
  for (double b : {0.4375, 0.6875, 1.0, 1.1875, 2.4375, 0x1p66}) {
    ExpectMonotonic(atan, UlpsBelow(b, 3000), 6000, false, "atan");
    ExpectMonotonic(atan, UlpsBelow(-b, 3000), 6000, false, "atan");
  }
}

// ------------------------------------------------------------------ atan2

TEST(DetMathAtan2, MatchesLibm) {
  Lcg rng(31);
  Worst w;
  for (int i = 0; i < 4 * kSamples; ++i) {
    double y, x;
    if (i % 2 == 0) {
      y = rng.Uniform(-1.0, 1.0);
      x = rng.Uniform(-1.0, 1.0);
    } else {  // widely different magnitudes, incl. |y/x| beyond 2^60
      y = rng.Sign() * rng.LogUniform(-600, 600);
      x = rng.Sign() * rng.LogUniform(-600, 600);
    }
    const double want = std::atan2(y, x);
    if (std::fabs(want) < DBL_MIN) continue;  // underflowed: fewer bits to compare
    w.Add(RelErr(atan2(y, x), want), y, x);
  }
  EXPECT_ACCURATE(w);
}

TEST(DetMathAtan2, QuadrantsAndAxes) {
  EXPECT_EQ(atan2(1.0, 1.0), kPi / 4);
  EXPECT_LE(RelErr(atan2(1.0, -1.0), std::atan2(1.0, -1.0)), kTol);
  EXPECT_LE(RelErr(atan2(-1.0, -1.0), std::atan2(-1.0, -1.0)), kTol);
  EXPECT_EQ(atan2(-1.0, 1.0), -kPi / 4);
  EXPECT_EQ(atan2(0.0, -1.0), kPi);
  EXPECT_EQ(Bits(atan2(0.0, 1.0)), Bits(0.0));
  EXPECT_EQ(atan2(1.0, 0.0), kHalfPi);
  EXPECT_EQ(atan2(-1.0, 0.0), -kHalfPi);
  EXPECT_EQ(atan2(1.0, -0.0), kHalfPi);
  EXPECT_EQ(atan2(-1.0, -0.0), -kHalfPi);
  EXPECT_GT(atan2(1e-10, -1.0), 3.0);
  EXPECT_LT(atan2(-1e-10, -1.0), -3.0);
}

// Documented divergence from libm: the sign of a zero y never matters, so the
// result is never -0.0 and a zero y on the negative x axis gives +kPi.
TEST(DetMathAtan2, SignedZeroConventions) {
  for (double zy : {0.0, -0.0}) {
    for (double zx : {0.0, -0.0}) EXPECT_EQ(Bits(atan2(zy, zx)), Bits(0.0)) << zy << "," << zx;
    EXPECT_EQ(Bits(atan2(zy, 1.0)), Bits(0.0));
    EXPECT_EQ(Bits(atan2(zy, kInf)), Bits(0.0));
    EXPECT_EQ(atan2(zy, -1.0), kPi);
    EXPECT_EQ(atan2(zy, -kInf), kPi);
  }
}

TEST(DetMathAtan2, RangeAndOddness) {
  Lcg rng(32);
  for (int i = 0; i < kSamples; ++i) {
    const double y = rng.Sign() * rng.LogUniform(-40, 40);
    const double x = rng.Sign() * rng.LogUniform(-40, 40);
    const double a = atan2(y, x);
    ASSERT_GE(a, -kPi);
    ASSERT_LE(a, kPi);
    ASSERT_EQ(Bits(atan2(-y, x)), Bits(-a)) << std::hexfloat << y << " " << x;
  }
}

TEST(DetMathAtan2, InfinitiesAndNaN) {
  const double cases[][2] = {{kInf, kInf}, {kInf, -kInf},   {-kInf, kInf},    {-kInf, -kInf},
                             {kInf, 1.0},  {-kInf, 1.0},    {1.0, kInf},      {-1.0, -kInf},
                             {1.0, -kInf}, {1e300, 1e-300}, {-1e-300, -1e300}};
  for (const auto& c : cases) {
    EXPECT_LE(RelErr(atan2(c[0], c[1]), std::atan2(c[0], c[1])), kTol) << c[0] << "," << c[1];
  }
  EXPECT_TRUE(std::isnan(atan2(std::nan(""), 1.0)));
  EXPECT_TRUE(std::isnan(atan2(1.0, std::nan(""))));
}

// ------------------------------------------------------------ asin / acos

double UnitArg(Lcg& r) {
  const double u = r.Next();
  if (u < 0.5) return r.Uniform(-1.0, 1.0);
  if (u < 0.75) return r.Sign() * (1.0 - r.LogUniform(-53, -1));  // near +-1
  return r.Sign() * r.LogUniform(-1074, -1);                      // near 0
}

TEST(DetMathAsinAcos, MatchesLibm) {
  EXPECT_ACCURATE(Compare(
      asin, [](double x) { return std::asin(x); }, UnitArg, 41));
  EXPECT_ACCURATE(Compare(
      acos, [](double x) { return std::acos(x); }, UnitArg, 42));
}

TEST(DetMathAsinAcos, SpecialPoints) {
  EXPECT_EQ(asin(1.0), kHalfPi);
  EXPECT_EQ(asin(-1.0), -kHalfPi);
  EXPECT_EQ(Bits(asin(0.0)), Bits(0.0));
  EXPECT_EQ(Bits(asin(-0.0)), Bits(-0.0));
  EXPECT_EQ(Bits(acos(1.0)), Bits(0.0));
  EXPECT_EQ(acos(-1.0), kPi);
  EXPECT_EQ(acos(0.0), kHalfPi);
  EXPECT_EQ(acos(-0.0), kHalfPi);
  EXPECT_LE(RelErr(asin(0.5), kPi / 6), kTol);
  EXPECT_LE(RelErr(acos(0.5), kPi / 3), kTol);
  EXPECT_LE(RelErr(acos(-0.5), 2 * kPi / 3), kTol);
}

TEST(DetMathAsinAcos, ClampsSlightlyOutOfRange) {
  const double over = 1.0 + 1e-13;
  EXPECT_EQ(asin(over), kHalfPi);
  EXPECT_EQ(asin(-over), -kHalfPi);
  EXPECT_EQ(Bits(acos(over)), Bits(0.0));
  EXPECT_EQ(acos(-over), kPi);
  EXPECT_EQ(asin(std::nextafter(1.0, 2.0)), kHalfPi);
  for (double x : {1.001, -1.001, 2.0, kInf, -kInf, std::nan("")}) {
    EXPECT_TRUE(std::isnan(asin(x))) << x;
    EXPECT_TRUE(std::isnan(acos(x))) << x;
  }
}

TEST(DetMathAsinAcos, MonotonicNearUnitAndBranchPoints) {
  // Up to and including +-1, plus the 0.5 and ~0.975 formula switches.
  ExpectMonotonic(asin, UlpsBelow(1.0, 20000), 20000, false, "asin near 1");
  ExpectMonotonic(asin, -1.0, 20000, false, "asin near -1");
  ExpectMonotonic(acos, UlpsBelow(1.0, 20000), 20000, true, "acos near 1");
  ExpectMonotonic(acos, -1.0, 20000, true, "acos near -1");
  for (double b : {0.5, 0x1.f3333p-1}) {
    ExpectMonotonic(asin, UlpsBelow(b, 3000), 6000, false, "asin");
    ExpectMonotonic(asin, UlpsBelow(-b, 3000), 6000, false, "asin");
    ExpectMonotonic(acos, UlpsBelow(b, 3000), 6000, true, "acos");
    ExpectMonotonic(acos, UlpsBelow(-b, 3000), 6000, true, "acos");
  }
}

}  // namespace
}  // namespace skyseed::det
