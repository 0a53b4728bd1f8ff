#include "generator/sky_order.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "det_math/det_math.h"
#include "generator/galactic_model.h"
#include "generator/sky_geometry.h"
#include "generator/surveys.h"

namespace skyseed {
namespace {

// Order-8 pixels (0.23 deg): the density varies by at most ~2 % across one.
constexpr int kTableOrder = 8;
constexpr uint32_t kTableSide = uint32_t{1} << kTableOrder;
constexpr int kPixels = kHealpixFaces * (1 << (2 * kTableOrder));
// Sub-pixel bits of u's residual placed along the curve (order 8 + 16).
constexpr int kSubOrder = 16;
// Bound on the angle from a pixel's centre to any point of it, in radians
// (an order-8 pixel is ~0.004 rad across; HEALPix's distortion is < 2x).
constexpr double kPixelReach = 0.008;

// The model's density per steradian at sin(b) = z_gal.
double Density(double z_gal) {
  using M = GalacticModel;
  static const double kDiscNorm =
      1.0 / (2.0 * M::kDiscScale * (1.0 - det::exp(-1.0 / M::kDiscScale)));
  const double uniform = M::kUniformFraction / (2.0 * det::kTwoPi);
  const double disc = (1.0 - M::kUniformFraction) * kDiscNorm *
                      det::exp(-std::fabs(z_gal) / M::kDiscScale) / det::kTwoPi;
  return uniform + disc;
}

double GalacticZ(const Vec3& icrs) { return IcrsToGalacticMatrix().row(2).dot(icrs); }

FacePoint PixelPoint(int pixel, double fx, double fy) {
  const uint64_t within = static_cast<uint64_t>(pixel) & ((uint64_t{1} << (2 * kTableOrder)) - 1);
  return {pixel >> (2 * kTableOrder), (EvenBits(within) + fx) / kTableSide,
          (EvenBits(within >> 1) + fy) / kTableSide};
}

struct SourceTable {
  std::vector<double> cumulative;  // inclusive, in NESTED order, last = 1
  std::vector<float> ceiling;      // a bound on the density over each pixel
};

// Each pixel's mass by the midpoint rule (pixels have equal area).
SourceTable BuildSourceTable() {
  SourceTable t;
  t.cumulative.resize(kPixels);
  t.ceiling.resize(kPixels);
  double sum = 0;
  for (int p = 0; p < kPixels; ++p) {
    const double z = GalacticZ(FacePointDirection(PixelPoint(p, 0.5, 0.5)));
    sum += Density(z);
    t.cumulative[p] = sum;
    // |z_gal| changes by at most the angle moved.
    t.ceiling[p] = static_cast<float>(Density(std::fmax(0.0, std::fabs(z) - kPixelReach)) * 1.0001);
  }
  for (double& c : t.cumulative) c /= sum;
  t.cumulative.back() = 1.0;
  return t;
}

const SourceTable& Sources() {
  static const SourceTable table = BuildSourceTable();
  return table;
}

// Index of the first entry above u, and u's place within it in [0, 1).
template <typename Cumulative>
std::pair<size_t, double> Locate(const Cumulative& cumulative, double u) {
  const size_t k = std::min<size_t>(
      std::upper_bound(cumulative.begin(), cumulative.end(), u) - cumulative.begin(),
      cumulative.size() - 1);
  const double lo = k == 0 ? 0.0 : cumulative[k - 1];
  const double width = cumulative[k] - lo;
  const double r = width > 0 ? (u - lo) / width : 0.0;
  return {k, std::clamp(r, 0.0, std::nextafter(1.0, 0.0))};
}

struct FieldTable {
  std::vector<double> cumulative;
  std::vector<SurveyField> fields;
};

FieldTable BuildFieldTable(uint64_t seed) {
  struct Entry {
    uint64_t key;
    SurveyField field;
    double weight;
  };
  std::vector<Entry> entries;
  for (int s = 0; s < SurveyCount(); ++s) {
    const Survey& sv = SurveyAt(s);
    const double n = sv.n_fields;
    for (uint32_t k = 0; k < sv.n_fields; ++k) {
      // Field k's popularity: P(floor(n u^2) = k), revisits ~ 1/sqrt(k).
      const double popularity = std::sqrt((k + 1) / n) - std::sqrt(k / n);
      const uint64_t key = static_cast<uint64_t>(NestedPixel(FieldPoint(seed, s, k), 29));
      entries.push_back({key, {s, k}, sv.weight * popularity});
    }
  }
  std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
    if (a.key != b.key) return a.key < b.key;
    if (a.field.survey != b.field.survey) return a.field.survey < b.field.survey;
    return a.field.field < b.field.field;
  });
  FieldTable t;
  double sum = 0;
  for (const Entry& e : entries) {
    sum += e.weight;
    t.cumulative.push_back(sum);
    t.fields.push_back(e.field);
  }
  for (double& c : t.cumulative) c /= sum;
  t.cumulative.back() = 1.0;
  return t;
}

// One table per seed, built once and kept for the process; each thread
// remembers its last one, so the lock is taken only when the seed changes.
const FieldTable& Fields(uint64_t seed) {
  thread_local uint64_t last_seed = 0;
  thread_local const FieldTable* last = nullptr;
  if (last != nullptr && last_seed == seed) return *last;
  static std::mutex mu;
  static std::vector<std::pair<uint64_t, std::unique_ptr<const FieldTable>>> tables;
  std::lock_guard<std::mutex> lock(mu);
  auto it =
      std::find_if(tables.begin(), tables.end(), [seed](const auto& e) { return e.first == seed; });
  if (it == tables.end()) {
    tables.emplace_back(seed, std::make_unique<const FieldTable>(BuildFieldTable(seed)));
    it = tables.end() - 1;
  }
  last_seed = seed;
  last = it->second.get();
  return *last;
}

}  // namespace

double StepRank(RowRng& rng, RowRange step, uint64_t row) {
  const double u =
      (static_cast<double>(row - step.first) + rng.Uniform()) / static_cast<double>(step.count);
  return std::min(u, std::nextafter(1.0, 0.0));
}

FacePoint SourcePointAtRank(double u, RowRng& rng) {
  const SourceTable& t = Sources();
  const auto [pixel, r] = Locate(t.cumulative, u);
  // The residual's top bits place the point along the curve inside the pixel.
  const uint64_t along = static_cast<uint64_t>(r * 0x1.0p32);
  const double sub = static_cast<double>(uint32_t{1} << kSubOrder);
  // Each draw in a statement of its own: the order of a call's arguments is
  // unspecified (gcc and clang differ). y's offset is drawn before x's.
  const double jitter_y = rng.Uniform();
  const double jitter_x = rng.Uniform();
  FacePoint p = PixelPoint(static_cast<int>(pixel), (EvenBits(along) + jitter_x) / sub,
                           (EvenBits(along >> 1) + jitter_y) / sub);
  const double ceiling = t.ceiling[pixel];
  while (rng.Uniform() * ceiling >= Density(GalacticZ(FacePointDirection(p)))) {
    const double fy = rng.Uniform();
    const double fx = rng.Uniform();
    p = PixelPoint(static_cast<int>(pixel), fx, fy);
  }
  return p;
}

SurveyField SurveyFieldAtRank(uint64_t seed, double u) {
  const FieldTable& t = Fields(seed);
  return t.fields[Locate(t.cumulative, u).first];
}

}  // namespace skyseed
