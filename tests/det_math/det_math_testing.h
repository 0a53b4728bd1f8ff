// What the det:: accuracy tests share: a fixed LCG (so failures reproduce),
// the relative error against the platform libm, the worst case over many
// inputs, and the tolerance two correct results stay within.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <ios>
#include <limits>

namespace skyseed::det {

// The kernels are within ~1 ulp of exact and glibc within ~0.5-1 ulp, so two
// correct results differ by at most ~2 ulp = 4.4e-16 relative.
inline constexpr double kTol = 1e-15;
inline constexpr double kInf = std::numeric_limits<double>::infinity();
inline constexpr int kSamples = 50000;

class Lcg {
 public:
  explicit Lcg(uint64_t seed) : state_(seed) {}
  // Uniform on [0, 1).
  double Next() {
    state_ = state_ * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<double>(state_ >> 11) * 0x1p-53;
  }
  double Uniform(double lo, double hi) { return lo + (hi - lo) * Next(); }
  double Sign() { return Next() < 0.5 ? -1.0 : 1.0; }
  // Magnitude with uniformly distributed binary exponent in [lo_exp, hi_exp).
  double LogUniform(int lo_exp, int hi_exp) {
    const int e = lo_exp + static_cast<int>(Next() * (hi_exp - lo_exp));
    return std::ldexp(1.0 + Next(), e);
  }

 private:
  uint64_t state_;
};

inline uint64_t Bits(double x) {
  uint64_t b;
  std::memcpy(&b, &x, sizeof b);
  return b;
}

// Relative error; exact agreement (including two zeros) is 0, and a nonzero
// result where the reference is zero counts as infinitely wrong.
inline double RelErr(double got, double want) {
  if (got == want) return 0.0;
  if (want == 0.0) return kInf;
  return std::fabs(got - want) / std::fabs(want);
}

struct Worst {
  double err = 0.0;
  double x = 0.0;
  double y = 0.0;
  void Add(double e, double at_x, double at_y = 0.0) {
    if (e > err || e != e) {
      err = e;
      x = at_x;
      y = at_y;
    }
  }
};

// Max relative error of f against ref over n inputs drawn by gen.
inline Worst Compare(const std::function<double(double)>& f,
                     const std::function<double(double)>& ref,
                     const std::function<double(Lcg&)>& gen, uint64_t seed, int n = kSamples) {
  Lcg rng(seed);
  Worst w;
  for (int i = 0; i < n; ++i) {
    const double x = gen(rng);
    w.Add(RelErr(f(x), ref(x)), x);
  }
  return w;
}

#define EXPECT_ACCURATE(worst)                                                \
  EXPECT_LE((worst).err, kTol) << "worst at x=" << std::hexfloat << (worst).x \
                               << " y=" << (worst).y << std::defaultfloat

}  // namespace skyseed::det
