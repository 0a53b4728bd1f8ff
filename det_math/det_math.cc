// Implementations follow fdlibm (FreeBSD msun's revisions for the sin/cos
// kernels and log10), whose error analyses give < 1 ulp for every function
// used here. The operation order of each expression is part of the result:
// do not "simplify" parenthesisation.
//
// Derived from fdlibm, whose notice is preserved as its licence asks:
//   Copyright (C) 1993 by Sun Microsystems, Inc. All rights reserved.
//   Developed at SunPro, a Sun Microsystems, Inc. business.
//   Permission to use, copy, modify, and distribute this
//   software is freely granted, provided that this notice
//   is preserved.
#include "det_math/det_math.h"

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

// Excess precision (x87) or value-changing optimisation would make the bits
// depend on the build, which is exactly what this file exists to prevent.
#if !defined(FLT_EVAL_METHOD) || FLT_EVAL_METHOD != 0
#error "det_math needs FLT_EVAL_METHOD == 0 (SSE2 doubles, no excess precision)"
#endif
#if defined(__FAST_MATH__)
#error "det_math must not be compiled with -ffast-math"
#endif
// a*b+c fused into one FMA rounds once instead of twice. The build passes
// -ffp-contract=off; pin it here too for builds where FMA is available.
// (GCC obeys the pragma even under -ffp-contract=fast; clang obeys it under
// its default -ffp-contract=on but not under an explicit =fast.)
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#elif defined(__GNUC__) && defined(__FP_FAST_FMA)
#pragma GCC optimize("fp-contract=off")
#endif

namespace skyseed::det {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

uint64_t Bits(double x) {
  uint64_t b;
  std::memcpy(&b, &x, sizeof b);
  return b;
}

double FromBits(uint64_t b) {
  double x;
  std::memcpy(&x, &b, sizeof x);
  return x;
}

// Biased exponent field; 0 for zero and subnormals.
int ExponentField(double x) { return static_cast<int>((Bits(x) >> 52) & 0x7ff); }

// x with the low 32 bits of the significand cleared: few enough significant
// bits that products with it are exact.
double ClearLowWord(double x) { return FromBits(Bits(x) & 0xffffffff00000000ULL); }

// 2^k for k in [-1022, 1023], built from bits (no libm ldexp).
double Pow2(int k) { return FromBits(static_cast<uint64_t>(k + 1023) << 52); }

// Nearest integer (ties to even) of |t| < 2^51, using the rounding of the
// addition itself; exact, and faster than a call to nearbyint.
double RoundToInteger(double t) {
  constexpr double kMagic = 0x1.8p52;
  return (t + kMagic) - kMagic;
}

// ---------------------------------------------------------------- sin, cos

// fdlibm __ieee754_rem_pio2, medium-size path, with pi/2 split in three parts
// of at most 32 significant bits so fn * part is exact for fn < 2^21. Extra
// steps run only when cancellation ate the bits a previous step supplied.
int RemPio2(double x, double* y0, double* y1) {
  constexpr double kInvPio2 = 6.36619772367581382433e-01;
  constexpr double kPio2_1 = 1.57079632673412561417e+00;   // 0x3ff921fb54400000
  constexpr double kPio2_1t = 6.07710050650619224932e-11;  // pi/2 - kPio2_1
  constexpr double kPio2_2 = 6.07710050630396597660e-11;   // 0x3dd0b4611a600000
  constexpr double kPio2_2t = 2.02226624879595063154e-21;
  constexpr double kPio2_3 = 2.02226624871116645580e-21;  // 0x3ba3198a2e000000
  constexpr double kPio2_3t = 8.47842766036889956997e-32;
  const double fn = RoundToInteger(x * kInvPio2);
  double r = x - fn * kPio2_1;  // exact
  double w = fn * kPio2_1t;
  double y = r - w;
  const int ex = ExponentField(x);
  if (ex - ExponentField(y) > 16) {
    double t = r;
    w = fn * kPio2_2;
    r = t - w;
    w = fn * kPio2_2t - ((t - r) - w);
    y = r - w;
    if (ex - ExponentField(y) > 49) {
      t = r;
      w = fn * kPio2_3;
      r = t - w;
      w = fn * kPio2_3t - ((t - r) - w);
      y = r - w;
    }
  }
  *y0 = y;
  *y1 = (r - y) - w;
  return static_cast<int>(fn);
}

// sin(x + y) for |x + y| <= ~pi/4, y a tail far below ulp(x) (FreeBSD k_sin).
double KernelSin(double x, double y) {
  constexpr double kS1 = -1.66666666666666324348e-01;
  constexpr double kS2 = 8.33333333332248946124e-03;
  constexpr double kS3 = -1.98412698298579493134e-04;
  constexpr double kS4 = 2.75573137070700676789e-06;
  constexpr double kS5 = -2.50507602534068634195e-08;
  constexpr double kS6 = 1.58969099521155010221e-10;
  const double z = x * x;
  const double w = z * z;
  const double r = (kS2 + z * (kS3 + z * kS4)) + z * w * (kS5 + z * kS6);
  const double v = z * x;
  return x - ((z * (0.5 * y - v * r) - y) - v * kS1);
}

// cos(x + y), same conditions (FreeBSD k_cos): 1 - z/2 is formed with its
// rounding error recovered, which keeps the result within 1 ulp.
double KernelCos(double x, double y) {
  constexpr double kC1 = 4.16666666666666019037e-02;
  constexpr double kC2 = -1.38888888888741095749e-03;
  constexpr double kC3 = 2.48015872894767294178e-05;
  constexpr double kC4 = -2.75573143513906633035e-07;
  constexpr double kC5 = 2.08757232129817482790e-09;
  constexpr double kC6 = -1.13596475577881948265e-11;
  const double z = x * x;
  double w = z * z;
  const double r = z * (kC1 + z * (kC2 + z * kC3)) + w * w * (kC4 + z * (kC5 + z * kC6));
  const double hz = 0.5 * z;
  w = 1.0 - hz;
  return w + (((1.0 - w) - hz) + (z * r - x * y));
}

constexpr double kPio4 = 0x1.921fb54442d18p-1;
// Below this, sin(x) rounds to x (x^3/6 < ulp(x)/2); returning x keeps -0.0.
constexpr double kSinTiny = 0x1p-27;

// Quadrant and reduced argument for sin/cos; false if x is out of domain.
bool Reduce(double x, unsigned* quadrant, double* y0, double* y1) {
  const double ax = std::fabs(x);
  if (ax <= kPio4) {
    *quadrant = 0;
    *y0 = x;
    *y1 = 0.0;
    return true;
  }
  if (!(ax <= kTrigMaxArg)) return false;  // also NaN and infinities
  // Conversion to unsigned is modular, so negative n gives n mod 4 correctly.
  *quadrant = static_cast<unsigned>(RemPio2(x, y0, y1)) & 3u;
  return true;
}

// ------------------------------------------------------------------ atan

constexpr double kPio2Hi = 1.57079632679489655800e+00;  // == kHalfPi
constexpr double kPio2Lo = 6.12323399573676603587e-17;  // pi/2 - kPio2Hi
constexpr double kPio4Hi = 7.85398163397448278999e-01;
constexpr double kPiLo = 1.2246467991473531772e-16;  // pi - kPi

// atan(t) - t for |t| < 7/16 written as t * (s1 + s2), split in odd/even
// halves so the two Horner chains are independent (fdlibm s_atan aT[]).
double AtanPoly(double t) {
  constexpr double kAt[11] = {
      3.33333333333329318027e-01,  -1.99999999998764832476e-01, 1.42857142725034663711e-01,
      -1.11111104054623557880e-01, 9.09088713343650656196e-02,  -7.69187620504482999495e-02,
      6.66107313738753120669e-02,  -5.83357013379057348645e-02, 4.97687799461593236017e-02,
      -3.65315727442169155270e-02, 1.62858201153657823623e-02,
  };
  const double z = t * t;
  const double w = z * z;
  const double s1 =
      z * (kAt[0] + w * (kAt[2] + w * (kAt[4] + w * (kAt[6] + w * (kAt[8] + w * kAt[10])))));
  const double s2 = w * (kAt[1] + w * (kAt[3] + w * (kAt[5] + w * (kAt[7] + w * kAt[9]))));
  return s1 + s2;
}

// ------------------------------------------------------------ asin, acos

// Rational approximation R(t) with asin(x) = x + x * R(x^2) on |x| < 0.5
// (fdlibm e_asin pS/qS).
double AsinRational(double t) {
  constexpr double kPS0 = 1.66666666666666657415e-01;
  constexpr double kPS1 = -3.25565818622400915405e-01;
  constexpr double kPS2 = 2.01212532134862925881e-01;
  constexpr double kPS3 = -4.00555345006794114027e-02;
  constexpr double kPS4 = 7.91534994289814532176e-04;
  constexpr double kPS5 = 3.47933107596021167570e-05;
  constexpr double kQS1 = -2.40339491173441421878e+00;
  constexpr double kQS2 = 2.02094576023350569471e+00;
  constexpr double kQS3 = -6.88283971605453293030e-01;
  constexpr double kQS4 = 7.70381505559019352791e-02;
  const double p = t * (kPS0 + t * (kPS1 + t * (kPS2 + t * (kPS3 + t * (kPS4 + t * kPS5)))));
  const double q = 1.0 + t * (kQS1 + t * (kQS2 + t * (kQS3 + t * kQS4)));
  return p / q;
}

// Rounding slop accepted from callers (e.g. dot products of unit vectors).
constexpr double kUnitSlop = 1.0 + 1e-12;

// ------------------------------------------------------------- exp, pow10

constexpr double kLn2Hi = 6.93147180369123816490e-01;  // 32 bits: k * kLn2Hi exact
constexpr double kLn2Lo = 1.90821492927058770002e-10;

// y * 2^k for y in [0.5, 2] and k in [-1080, 1024], with a single rounding
// even when the result is subnormal.
double ScaleByPow2(double y, int k) {
  if (k > 1023) return (y * 2.0) * Pow2(k - 1);
  if (k >= -1022) return y * Pow2(k);
  return (y * Pow2(k + 64)) * 0x1p-64;  // first product exact, second rounds once
}

// exp(hi - lo) * 2^k where hi - lo is the reduced argument, |hi - lo| <= ~0.35
// and lo carries bits below ulp(hi) (fdlibm e_exp: a rational form of
// exp(r) = 1 + 2r / (2 - c(r)) with c(r) = r - r^2 * P(r^2)).
double ExpReduced(double hi, double lo, int k) {
  constexpr double kP1 = 1.66666666666666019037e-01;
  constexpr double kP2 = -2.77777777770155933842e-03;
  constexpr double kP3 = 6.61375632143793436117e-05;
  constexpr double kP4 = -1.65339022054652515390e-06;
  constexpr double kP5 = 4.13813679705723846039e-08;
  const double r = hi - lo;
  const double t = r * r;
  const double c = r - t * (kP1 + t * (kP2 + t * (kP3 + t * (kP4 + t * kP5))));
  const double y = 1.0 - ((lo - (r * c) / (2.0 - c)) - hi);
  return ScaleByPow2(y, k);
}

// --------------------------------------------------------------- log, log10

constexpr uint64_t kMinNormalBits = 0x0010000000000000ULL;

// Splits finite x > 0 as 2^k * (1 + f) with 1 + f in [sqrt(2)/2, sqrt(2)),
// so that |f| < 0.4143 and log(1 + f) has no cancellation against k * ln2.
// Also returns the high word of 1 + f's significand before normalisation.
double ReduceLog(double x, int* k, uint32_t* hx_out) {
  int kk = 0;
  if (Bits(x) < kMinNormalBits) {  // subnormal: make it normal first
    x *= 0x1p54;
    kk = -54;
  }
  const uint64_t b = Bits(x);
  uint32_t hx = static_cast<uint32_t>(b >> 32);
  kk += static_cast<int>(hx >> 20) - 1023;
  hx &= 0x000fffff;
  // i is 0x100000 when the significand is >= sqrt(2) (0x6a09e... + 0x95f64
  // carries into bit 20): then use the exponent one higher and halve 1 + f.
  const uint32_t i = (hx + 0x95f64) & 0x100000;
  const uint64_t hi_word = hx | (i ^ 0x3ff00000);
  const double m = FromBits((hi_word << 32) | (b & 0xffffffffULL));
  *k = kk + static_cast<int>(i >> 20);
  *hx_out = hx;
  return m - 1.0;  // exact (Sterbenz)
}

// log(1 + f) = f - f^2/2 + s * (f^2/2 + R(s^2)), s = f / (2 + f): returns
// the last term (FreeBSD k_log1p; fdlibm e_log Lg1..Lg7).
double Log1pTail(double f, double hfsq, double* s_out, double* r_out) {
  constexpr double kLg1 = 6.666666666666735130e-01;
  constexpr double kLg2 = 3.999999999940941908e-01;
  constexpr double kLg3 = 2.857142874366239149e-01;
  constexpr double kLg4 = 2.222219843214978396e-01;
  constexpr double kLg5 = 1.818357216161805012e-01;
  constexpr double kLg6 = 1.531383769920937332e-01;
  constexpr double kLg7 = 1.479819860511658591e-01;
  const double s = f / (2.0 + f);
  const double z = s * s;
  const double w = z * z;
  const double t1 = w * (kLg2 + w * (kLg4 + w * kLg6));
  const double t2 = z * (kLg1 + w * (kLg3 + w * (kLg5 + w * kLg7)));
  const double r = t2 + t1;
  *s_out = s;
  *r_out = r;
  return s * (hfsq + r);
}

// Non-finite and non-positive arguments of log and log10; false otherwise.
bool LogSpecial(double x, double* result) {
  if (x > 0.0 && x < kInf) return false;
  if (x == 0.0) {
    *result = -kInf;
  } else if (x > 0.0) {
    *result = x;  // +inf
  } else {
    *result = kNaN;  // negative or NaN
  }
  return true;
}

}  // namespace

double sin(double x) {
  unsigned q;
  double y0, y1;
  if (std::fabs(x) < kSinTiny) return x;
  if (!Reduce(x, &q, &y0, &y1)) return kNaN;
  switch (q) {
    case 0:
      return KernelSin(y0, y1);
    case 1:
      return KernelCos(y0, y1);
    case 2:
      return -KernelSin(y0, y1);
    default:
      return -KernelCos(y0, y1);
  }
}

double cos(double x) {
  unsigned q;
  double y0, y1;
  if (!Reduce(x, &q, &y0, &y1)) return kNaN;
  switch (q) {
    case 0:
      return KernelCos(y0, y1);
    case 1:
      return -KernelSin(y0, y1);
    case 2:
      return -KernelCos(y0, y1);
    default:
      return KernelSin(y0, y1);
  }
}

void sincos(double x, double* s, double* c) {
  unsigned q;
  double y0, y1;
  if (!Reduce(x, &q, &y0, &y1)) {
    *s = kNaN;
    *c = kNaN;
    return;
  }
  const double sn = std::fabs(x) < kSinTiny ? x : KernelSin(y0, y1);
  const double cs = KernelCos(y0, y1);
  switch (q) {
    case 0:
      *s = sn;
      *c = cs;
      break;
    case 1:
      *s = cs;
      *c = -sn;
      break;
    case 2:
      *s = -sn;
      *c = -cs;
      break;
    default:
      *s = -cs;
      *c = sn;
      break;
  }
}

// fdlibm s_atan: reduce |x| to |t| < 7/16 around one of 0, 1/2, 1, 3/2, inf
// with atan(x) = atan(c) + atan((x - c) / (1 + c x)), atan(c) held as hi + lo.
double atan(double x) {
  static constexpr double kAtanHi[4] = {4.63647609000806093515e-01, 7.85398163397448278999e-01,
                                        9.82793723247329054082e-01, 1.57079632679489655800e+00};
  static constexpr double kAtanLo[4] = {2.26987774529616870924e-17, 3.06161699786838301793e-17,
                                        1.39033110312309984516e-17, 6.12323399573676603587e-17};
  const double ax = std::fabs(x);
  if (!(ax < 0x1p66)) {  // atan(x) rounds to ±pi/2 (or x is NaN)
    if (ax != ax) return x;
    return std::copysign(kAtanHi[3] + kAtanLo[3], x);
  }
  if (ax < 0.4375) {
    if (ax < 0x1p-27) return x;  // x^3/3 below half an ulp; keeps -0.0
    return x - x * AtanPoly(x);
  }
  int id;
  double t;
  if (ax < 1.1875) {
    if (ax < 0.6875) {
      id = 0;
      t = (2.0 * ax - 1.0) / (2.0 + ax);
    } else {
      id = 1;
      t = (ax - 1.0) / (ax + 1.0);
    }
  } else if (ax < 2.4375) {
    id = 2;
    t = (ax - 1.5) / (1.0 + 1.5 * ax);
  } else {
    id = 3;
    t = -1.0 / ax;
  }
  const double r = kAtanHi[id] - ((t * AtanPoly(t) - kAtanLo[id]) - t);
  return std::copysign(r, x);
}

// fdlibm e_atan2, with the zero-sign conventions documented in the header.
double atan2(double y, double x) {
  if (x != x || y != y) return x + y;
  if (y == 0.0) return x < 0.0 ? kPi : 0.0;
  if (x == 0.0) return std::copysign(kHalfPi, y);
  const double ax = std::fabs(x);
  const double ay = std::fabs(y);
  if (ax == kInf) {
    constexpr double k3Pio4 = 0x1.2d97c7f3321d2p+1;
    if (ay == kInf) return std::copysign(x > 0.0 ? kPio4Hi : k3Pio4, y);
    return std::copysign(x > 0.0 ? 0.0 : kPi, y);
  }
  if (ay == kInf) return std::copysign(kHalfPi, y);
  // Compare exponents rather than form y / x, which could overflow or
  // underflow before atan sees it.
  const int k = ExponentField(ay) - ExponentField(ax);
  double z;
  bool x_negative = x < 0.0;
  if (k > 60) {
    z = kPio2Hi + 0.5 * kPiLo;  // |y/x| > 2^60: the angle is pi/2 to working precision
    x_negative = false;
  } else if (x_negative && k < -60) {
    z = 0.0;
  } else {
    z = atan(ay / ax);
  }
  if (!x_negative) return y < 0.0 ? -z : z;
  // pi - z with pi carried as kPi + kPiLo.
  return y < 0.0 ? (z - kPiLo) - kPi : kPi - (z - kPiLo);
}

// fdlibm e_asin. Near |x| = 1 it uses asin(x) = pi/2 - 2 asin(sqrt((1-x)/2)),
// with sqrt's rounding error recovered by hand between 0.5 and 0.975.
double asin(double x) {
  const double ax = std::fabs(x);
  if (!(ax < 1.0)) {
    if (ax <= kUnitSlop) return std::copysign(kHalfPi, x);
    return kNaN;  // also for NaN input
  }
  if (ax < 0.5) {
    if (ax < 0x1p-27) return x;  // keeps -0.0
    return x + x * AsinRational(x * x);
  }
  const double t = (1.0 - ax) * 0.5;  // exact
  const double s = std::sqrt(t);
  double r;
  if (ax >= 0x1.f3333p-1) {  // |x| >= ~0.975
    r = kPio2Hi - (2.0 * (s + s * AsinRational(t)) - kPio2Lo);
  } else {
    const double w = ClearLowWord(s);
    const double c = (t - w * w) / (s + w);  // sqrt(t) - w, to full precision
    const double p = 2.0 * s * AsinRational(t) - (kPio2Lo - 2.0 * c);
    const double q = kPio4Hi - 2.0 * w;
    r = kPio4Hi - (p - q);
  }
  return std::copysign(r, x);
}

// fdlibm e_acos: acos(x) = pi/2 - asin(x) near 0, 2 asin(sqrt((1-|x|)/2))
// (reflected about pi/2 for x < 0) beyond |x| = 0.5.
double acos(double x) {
  const double ax = std::fabs(x);
  if (!(ax < 1.0)) {
    if (ax <= kUnitSlop) return x > 0.0 ? 0.0 : kPi;
    return kNaN;
  }
  if (ax < 0.5) {
    if (ax <= 0x1p-57) return kHalfPi;
    return kPio2Hi - (x - (kPio2Lo - x * AsinRational(x * x)));
  }
  if (x < 0.0) {
    const double z = (1.0 + x) * 0.5;
    const double s = std::sqrt(z);
    const double w = AsinRational(z) * s - kPio2Lo;
    return kPi - 2.0 * (s + w);
  }
  const double z = (1.0 - x) * 0.5;
  const double s = std::sqrt(z);
  const double df = ClearLowWord(s);
  const double c = (z - df * df) / (s + df);
  const double w = AsinRational(z) * s + c;
  return 2.0 * (df + w);
}

double exp(double x) {
  constexpr double kOverflow = 7.09782712893383973096e+02;    // ln(DBL_MAX)
  constexpr double kUnderflow = -7.45133219101941108420e+02;  // ln(2^-1075)
  constexpr double kInvLn2 = 1.44269504088896338700e+00;
  if (x != x) return x;
  if (x > kOverflow) return kInf;
  if (x < kUnderflow) return 0.0;
  const double kd = RoundToInteger(x * kInvLn2);
  // x - kd * ln2 with ln2 = kLn2Hi + kLn2Lo; the first difference is exact.
  const double hi = x - kd * kLn2Hi;
  const double lo = kd * kLn2Lo;
  return ExpReduced(hi, lo, static_cast<int>(kd));
}

// 10^x = 2^k * exp(x ln10 - k ln2). x * ln10 is formed exactly as p + e
// (Dekker's product, since no FMA may be used); a plain exp(x * ln10) would
// amplify the rounding of the product by |x ln10| (up to ~700 ulp).
double pow10(double x) {
  static constexpr double kExactPowers[23] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                              1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                              1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
  constexpr double kOverflow = 308.25471555991675;    // log10(DBL_MAX)
  constexpr double kUnderflow = -323.60724533877976;  // log10(2^-1075)
  constexpr double kLog2Of10 = 3.321928094887362;
  constexpr double kLn10 = 0x1.26bb1bbb55516p+1;
  constexpr double kLn10Lo = -0x1.f48ad494ea3e9p-53;  // ln(10) - kLn10
  constexpr double kLn10H = 0x1.26bb1b8p+1;           // kLn10 = kLn10H + kLn10L,
  constexpr double kLn10L = 0x1.daaa8bp-26;           // 26 bits each
  constexpr double kSplit = 134217729.0;              // 2^27 + 1
  if (x != x) return x;
  if (x > kOverflow) return kInf;
  if (x < kUnderflow) return 0.0;
  const double ax = std::fabs(x);
  if (ax <= 22.0 && RoundToInteger(x) == x) {
    const double p = kExactPowers[static_cast<int>(ax)];
    return x < 0.0 ? 1.0 / p : p;  // one correctly rounded division
  }
  const double kd = RoundToInteger(x * kLog2Of10);
  const double p = x * kLn10;
  const double xs = kSplit * x;
  const double xh = xs - (xs - x);
  const double xl = x - xh;
  const double e = (((xh * kLn10H - p) + xh * kLn10L) + xl * kLn10H) + xl * kLn10L;
  const double hi = p - kd * kLn2Hi;  // exact: p and kd * kLn2Hi are close
  const double lo = kd * kLn2Lo - (e + x * kLn10Lo);
  return ExpReduced(hi, lo, static_cast<int>(kd));
}

// fdlibm e_log.
double log(double x) {
  double special;
  if (LogSpecial(x, &special)) return special;
  int k;
  uint32_t hx;
  const double f = ReduceLog(x, &k, &hx);
  const double dk = static_cast<double>(k);
  if ((0x000fffff & (2 + hx)) < 3) {  // |f| < 2^-20: a short series suffices
    if (f == 0.0) return k == 0 ? 0.0 : dk * kLn2Hi + dk * kLn2Lo;
    const double r = f * f * (0.5 - 0.33333333333333333 * f);
    if (k == 0) return f - r;
    return dk * kLn2Hi - ((r - dk * kLn2Lo) - f);
  }
  const double hfsq = 0.5 * f * f;
  double s, r;
  Log1pTail(f, hfsq, &s, &r);
  // Significand near sqrt(2) or sqrt(2)/2, where |f| is largest: keep f^2/2
  // separate so that f - f^2/2 loses nothing.
  const int h = static_cast<int>(hx);
  const bool large_f = h - 0x6147a >= 0 && 0x6b851 - h >= 0;
  if (large_f) {
    if (k == 0) return f - (hfsq - s * (hfsq + r));
    return dk * kLn2Hi - ((hfsq - (s * (hfsq + r) + dk * kLn2Lo)) - f);
  }
  if (k == 0) return f - s * (f - r);
  return dk * kLn2Hi - ((s * (f - r) - dk * kLn2Lo) - f);
}

// FreeBSD e_log10: log(1 + f) kept as hi + lo with hi short enough that
// hi * kIvln10Hi is exact, then 1/ln10 and log10(2) applied in two parts, so
// that the result is not the double rounding of log(x) / ln10.
double log10(double x) {
  constexpr double kIvln10Hi = 4.34294481878168880939e-01;  // 0x3fdbcb7b15200000
  constexpr double kIvln10Lo = 2.50829467116452752298e-11;
  constexpr double kLog10_2Hi = 3.01029995663611771306e-01;  // 0x3fd34413509f6000
  constexpr double kLog10_2Lo = 3.69423907715893078616e-13;
  double special;
  if (LogSpecial(x, &special)) return special;
  if (x == 1.0) return 0.0;
  int k;
  uint32_t hx;
  const double f = ReduceLog(x, &k, &hx);
  const double y = static_cast<double>(k);
  const double hfsq = 0.5 * f * f;
  double s, r;
  const double tail = Log1pTail(f, hfsq, &s, &r);
  const double hi = ClearLowWord(f - hfsq);
  const double lo = ((f - hi) - hfsq) + tail;
  const double val_hi = hi * kIvln10Hi;
  const double y2 = y * kLog10_2Hi;
  double val_lo = (y * kLog10_2Lo + (lo + hi) * kIvln10Lo) + lo * kIvln10Hi;
  // Adding y2 in extra precision is not strictly needed (no large
  // cancellation), but it removes most of the remaining rounding error.
  const double w = y2 + val_hi;
  val_lo += (y2 - w) + val_hi;
  return val_lo + w;
}

}  // namespace skyseed::det
