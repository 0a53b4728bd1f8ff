#include "generator/row_rng.h"

#include <cmath>

#include "det_math/det_math.h"

namespace skyseed {
namespace {

pcg_extras::pcg128_t Make128(uint64_t hi, uint64_t lo) {
  return (static_cast<pcg_extras::pcg128_t>(hi) << 64) | lo;
}

// k(j) of row_rng.h, given row_mix = splitmix64(~row), computed once per row.
uint64_t StreamKey(uint64_t seed, uint32_t table_id, uint64_t row_mix, uint32_t j) {
  return SplitMix64(seed ^ SplitMix64((static_cast<uint64_t>(table_id) << 32) + j) ^ row_mix);
}

pcg64 SeededEngine(uint64_t seed, uint32_t table_id, uint64_t row) {
  const uint64_t m = SplitMix64(~row);
  return pcg64(Make128(StreamKey(seed, table_id, m, 0), StreamKey(seed, table_id, m, 1)),
               Make128(StreamKey(seed, table_id, m, 2), StreamKey(seed, table_id, m, 3)));
}

}  // namespace

RowRng::RowRng(uint64_t seed, uint32_t table_id, uint64_t row)
    : engine_(SeededEngine(seed, table_id, row)) {}

double RowRng::Normal() {
  if (has_spare_) {
    has_spare_ = false;
    return spare_normal_;
  }
  // Marsaglia's polar method: a pair per accepted point of the unit disc,
  // with one log and no trigonometry (accepts pi/4 of the draws).
  double x, y, q;
  do {
    x = 2.0 * Uniform() - 1.0;
    y = 2.0 * Uniform() - 1.0;
    q = x * x + y * y;
  } while (q >= 1.0 || q == 0.0);
  const double f = std::sqrt(-2.0 * det::log(q) / q);
  spare_normal_ = y * f;
  has_spare_ = true;
  return x * f;
}

double RowRng::Exponential(double mean) { return -mean * det::log(UniformPositive()); }

int RowRng::PickWeighted(const uint32_t* cumulative, int n) {
  const uint32_t x = Below(cumulative[n - 1]);
  int k = 0;
  while (cumulative[k] <= x) ++k;
  return k;
}

}  // namespace skyseed
