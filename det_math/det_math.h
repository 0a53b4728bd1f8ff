// Deterministic elementary functions for values that end up hashed.
//
// The C++ standard leaves the accuracy of std::sin, std::exp, ... unspecified,
// and real libms differ in the last bit between vendors, versions and even
// code paths (glibc picks FMA or non-FMA variants at run time by CPU). A
// generated row whose bytes are hashed must not depend on that last bit, so
// everything here is built only from IEEE-754 double +, -, *, /, std::sqrt
// (all correctly rounded) and exact operations (bit manipulation through
// std::memcpy, std::fabs, std::copysign), evaluated in an explicit order.
// The same input gives the same bits on any conforming x86_64 (or other
// binary64, FLT_EVAL_METHOD == 0) build, at any optimisation level, provided
// FMA contraction is off (-ffp-contract=off; det_math.cc also pins it) and
// -ffast-math is never used.
//
// Accuracy: within about one ulp of the exact result over the documented
// domains (fdlibm-derived algorithms). Results are NOT bit-identical to any
// particular libm, and must not be expected to be.
#pragma once

namespace skyseed::det {

constexpr double kPi = 3.141592653589793;            // 0x1.921fb54442d18p+1
constexpr double kTwoPi = 6.283185307179586;         // 0x1.921fb54442d18p+2
constexpr double kHalfPi = 1.5707963267948966;       // 0x1.921fb54442d18p+0
constexpr double kDegPerRad = 57.29577951308232;     // 0x1.ca5dc1a63c1f8p+5
constexpr double kRadPerDeg = 0.017453292519943295;  // 0x1.1df46a2529d39p-6

// Beyond this |x| the Cody-Waite reduction of sin/cos could not stay exact,
// so those inputs give NaN (as do infinities and NaN) instead of silently
// inaccurate values.
constexpr double kTrigMaxArg = 2097152.0;  // 2^21

inline double deg2rad(double deg) { return deg * kRadPerDeg; }
inline double rad2deg(double rad) { return rad * kDegPerRad; }

// x in radians, |x| <= kTrigMaxArg. sin is odd and cos even, bit for bit
// (so sin(-0.0) is -0.0).
double sin(double x);
double cos(double x);
// Both at once, sharing one argument reduction; identical bits to sin(x) and
// cos(x) called separately.
void sincos(double x, double* s, double* c);

// Result in [-kHalfPi, kHalfPi]; odd: atan(-x) == -atan(x) bit for bit.
double atan(double x);

// Angle of the point (x, y), in [-kPi, kPi]. Conventions (chosen so that the
// sign of a zero, which arithmetic produces rather arbitrarily, never changes
// a hashed value):
//   - y == ±0: +0.0 when x >= 0 or x == ±0 (so atan2(0, 0) == +0.0), +kPi
//     when x < 0. libm would give -0.0 / -kPi for y == -0.0; we do not.
//   - x == ±0, y != 0: ±kHalfPi with the sign of y.
//   - otherwise odd in y: atan2(-y, x) == -atan2(y, x) bit for bit. -kPi is
//     returned only when y < 0 is negligible against x < 0 (the exact angle
//     rounds to -kPi); note -kPi lies strictly inside (-pi, pi].
//   - infinities as in C99 Annex F; NaN in, NaN out.
double atan2(double y, double x);

// x in [-1, 1]; |x| up to 1 + 1e-12 is clamped to ±1 (rounding slop from a
// dot product of unit vectors), anything further out gives NaN.
// asin in [-kHalfPi, kHalfPi], acos in [0, kPi].
double asin(double x);
double acos(double x);

// Accurate for x in [-708, 709.78]; +inf above, gradual underflow to 0 below.
double exp(double x);
// x > 0. log(0) = -inf, log(x < 0) = NaN, log(+inf) = +inf; subnormals are
// handled. log(1) == +0.0 exactly.
double log(double x);
double log10(double x);
// 10^x. Exact (or correctly rounded, for negative x) for integer |x| <= 22;
// otherwise within about one ulp for x in [-307, 308.25].
double pow10(double x);

}  // namespace skyseed::det
