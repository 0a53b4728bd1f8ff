// Accuracy tests of the det:: exponential kernels (exp, log, log10, pow10)
// and of its constants and units against the platform libm: error bounds and
// structural properties only, as in det_math_trig_test.cc.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>

#include "det_math/det_math.h"
#include "tests/det_math/det_math_testing.h"

namespace skyseed::det {
namespace {

// ------------------------------------------------------------------- exp

double ExpArg(Lcg& r) {
  const double u = r.Next();
  if (u < 0.5) return r.Uniform(-700.0, 700.0);
  if (u < 0.75) return r.Uniform(-1.0, 1.0);
  return r.Sign() * r.LogUniform(-60, 0);
}

TEST(DetMathExp, MatchesLibm) {
  EXPECT_ACCURATE(Compare(
      exp, [](double x) { return std::exp(x); }, ExpArg, 51));
}

TEST(DetMathExp, SpecialPoints) {
  EXPECT_EQ(exp(0.0), 1.0);
  EXPECT_EQ(exp(-0.0), 1.0);
  EXPECT_LE(RelErr(exp(1.0), 2.718281828459045), kTol);
  EXPECT_LE(RelErr(exp(-1.0), std::exp(-1.0)), kTol);
  EXPECT_LE(RelErr(exp(709.0), std::exp(709.0)), kTol);
  EXPECT_EQ(exp(710.0), kInf);
  EXPECT_EQ(exp(kInf), kInf);
  EXPECT_EQ(exp(-746.0), 0.0);
  EXPECT_EQ(exp(-kInf), 0.0);
  EXPECT_TRUE(std::isnan(exp(std::nan(""))));
}

TEST(DetMathExp, GradualUnderflow) {
  // Subnormal results have fewer bits; ask for one unit of the subnormal
  // spacing rather than a relative bound.
  const double denorm = std::numeric_limits<double>::denorm_min();
  for (double x = -708.5; x > -745.0; x -= 0.37) {
    EXPECT_LE(std::fabs(exp(x) - std::exp(x)), denorm) << x;
  }
}

// ------------------------------------------------------------ log / log10

double LogArg(Lcg& r) {
  const double u = r.Next();
  if (u < 0.5) return r.LogUniform(-1074, 1024);
  if (u < 0.8) return 1.0 + r.Sign() * r.LogUniform(-52, -1);  // near 1: log near 0
  return r.Uniform(0.0, 4.0) + 0x1p-30;
}

TEST(DetMathLog, MatchesLibm) {
  EXPECT_ACCURATE(Compare(
      log, [](double x) { return std::log(x); }, LogArg, 61));
}

TEST(DetMathLog10, MatchesLibm) {
  EXPECT_ACCURATE(Compare(
      log10, [](double x) { return std::log10(x); }, LogArg, 62));
}

TEST(DetMathLog, SpecialPoints) {
  EXPECT_EQ(Bits(log(1.0)), Bits(0.0));
  EXPECT_EQ(Bits(log10(1.0)), Bits(0.0));
  EXPECT_LE(RelErr(log(2.0), 0.6931471805599453), kTol);
  EXPECT_LE(RelErr(log(std::nextafter(1.0, 2.0)), 0x1p-52), kTol);
  EXPECT_LE(RelErr(log(std::nextafter(1.0, 0.0)), -0x1p-53), kTol);
  EXPECT_LE(RelErr(log10(2.0), 0.30102999566398120), kTol);
  const double denorm = std::numeric_limits<double>::denorm_min();
  EXPECT_LE(RelErr(log(denorm), std::log(denorm)), kTol);
  EXPECT_LE(RelErr(log10(denorm), std::log10(denorm)), kTol);
  EXPECT_LE(RelErr(log(1e300), std::log(1e300)), kTol);
  for (auto f : {log, log10}) {
    EXPECT_EQ(f(0.0), -kInf);
    EXPECT_EQ(f(-0.0), -kInf);
    EXPECT_EQ(f(kInf), kInf);
    EXPECT_TRUE(std::isnan(f(-1.0)));
    EXPECT_TRUE(std::isnan(f(-kInf)));
    EXPECT_TRUE(std::isnan(f(std::nan(""))));
  }
}

TEST(DetMathLog10, ExactOnPowersOfTen) {
  double p = 1.0;
  for (int k = 0; k <= 22; ++k, p *= 10.0) EXPECT_EQ(log10(p), k) << k;
}

// ------------------------------------------------------------------ pow10

double Pow10Arg(Lcg& r) {
  const double u = r.Next();
  if (u < 0.5) return r.Uniform(-307.0, 308.0);
  if (u < 0.75) return r.Uniform(-3.0, 3.0);
  return r.Sign() * r.LogUniform(-60, 0);
}

TEST(DetMathPow10, MatchesLibm) {
  EXPECT_ACCURATE(Compare(
      pow10, [](double x) { return std::pow(10.0, x); }, Pow10Arg, 71));
}

TEST(DetMathPow10, IntegerExponents) {
  double p = 1.0;
  for (int k = 0; k <= 22; ++k, p *= 10.0) {
    EXPECT_EQ(pow10(k), p) << k;         // exact
    EXPECT_EQ(pow10(-k), 1.0 / p) << k;  // correctly rounded
  }
  for (int k = -300; k <= 300; k += 7) EXPECT_LE(RelErr(pow10(k), std::pow(10.0, k)), kTol) << k;
}

TEST(DetMathPow10, SpecialPoints) {
  EXPECT_EQ(pow10(0.0), 1.0);
  EXPECT_EQ(pow10(-0.0), 1.0);
  EXPECT_LE(RelErr(pow10(0.5), std::sqrt(10.0)), kTol);
  EXPECT_LE(RelErr(pow10(308.25), std::pow(10.0, 308.25)), kTol);
  EXPECT_EQ(pow10(309.0), kInf);
  EXPECT_EQ(pow10(kInf), kInf);
  EXPECT_EQ(pow10(-330.0), 0.0);
  EXPECT_EQ(pow10(-kInf), 0.0);
  EXPECT_TRUE(std::isnan(pow10(std::nan(""))));
}

TEST(DetMathPow10, InvertsLog10) {
  Lcg rng(72);
  for (int i = 0; i < kSamples; ++i) {
    const double x = rng.Uniform(-20.0, 20.0);
    // pow10's relative error becomes an absolute error of log10's result,
    // so the bound is absolute (relative only for |x| > 1).
    ASSERT_NEAR(log10(pow10(x)), x, kTol * std::fmax(1.0, std::fabs(x))) << x;
  }
}

// ------------------------------------------------------ constants and units

TEST(DetMathConstants, AreCorrectlyRoundedDoubles) {
  EXPECT_EQ(kPi, 0x1.921fb54442d18p+1);
  EXPECT_EQ(kTwoPi, 2.0 * kPi);
  EXPECT_EQ(kHalfPi, 0.5 * kPi);
  EXPECT_EQ(kDegPerRad, 0x1.ca5dc1a63c1f8p+5);
  EXPECT_EQ(kRadPerDeg, 0x1.1df46a2529d39p-6);
}

TEST(DetMathConstants, DegreeConversions) {
  EXPECT_EQ(deg2rad(180.0), kPi);
  EXPECT_EQ(deg2rad(90.0), kHalfPi);
  EXPECT_EQ(rad2deg(kPi), 180.0);
  EXPECT_EQ(deg2rad(0.0), 0.0);
  Lcg rng(81);
  for (int i = 0; i < kSamples; ++i) {
    const double d = rng.Uniform(-720.0, 720.0);
    ASSERT_LE(RelErr(rad2deg(deg2rad(d)), d), kTol) << d;
  }
}

}  // namespace
}  // namespace skyseed::det
