// A deterministic Binomial(n, p) draw from a RowRng, exact for any n: the
// same bits for any compiler (IEEE arithmetic and det:: kernels only).
//
// While the mean is large it halves n through the median order statistic
// (Devroye, "Non-Uniform Random Variate Generation", X.4.3): the k-th of n
// uniforms, k = (n + 1) / 2, is Beta(k, n + 1 - k) (two gammas, Marsaglia
// and Tsang's method); the uniforms below it are uniform below it, those
// above uniform above it, so counting those under p goes on in one half
// with n halved and p rescaled. Once n * min(p, 1 - p) <= 16, inversion
// (Kachitvichyanukul and Schmeiser's BINV) counts the rest — for at most 8
// trials, a uniform per trial. No step is an
// approximation: every variate is exact up to rounding.
#pragma once

#include <cstdint>

#include "generator/row_rng.h"

namespace skyseed {

uint64_t Binomial(RowRng& rng, uint64_t n, double p);

// Gamma(shape, 1) for shape >= 1 (Marsaglia and Tsang 2000).
double GammaDraw(RowRng& rng, double shape);

}  // namespace skyseed
