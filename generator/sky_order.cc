#include "generator/sky_order.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <mutex>
#include <optional>
#include <utility>
#include <vector>

#include "det_math/det_math.h"
#include "generator/count_tree.h"
#include "generator/galactic_model.h"
#include "generator/obscore_row.h"
#include "generator/sky_geometry.h"
#include "generator/sky_steps.h"
#include "generator/source_row.h"
#include "generator/surveys.h"

namespace skyseed {
namespace {

// Order-8 pixels (0.23 deg): the density varies by at most ~2 % across one.
constexpr int kTableOrder = 8;
constexpr uint32_t kTableSide = uint32_t{1} << kTableOrder;
constexpr int kPixels = kHealpixFaces * (1 << (2 * kTableOrder));
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

// The step's rows of each order-8 pixel, and of each field.
constexpr uint32_t kTreeStream = 0x10000;
// The places of a pixel's sources.
constexpr uint32_t kPointStream = 0x20000;

// `count` points drawn from the model's density inside order-8 pixel
// `pixel`, in their order along the curve (order 29, ties in draw order),
// into *points (its storage reused).
void DrawPixelPoints(uint64_t seed, RowRange step, uint64_t pixel, uint64_t count,
                     std::vector<FacePoint>* points) {
  const double ceiling = Sources().ceiling[pixel];
  RowRng rng(seed, kSourceTableId | kPointStream, SplitMix64(step.first) ^ pixel);
  thread_local std::vector<std::pair<int64_t, FacePoint>> drawn;
  drawn.clear();
  for (uint64_t j = 0; j < count; ++j) {
    FacePoint p;
    do {
      // Each draw in a statement of its own: the order of a call's
      // arguments is unspecified (gcc and clang differ).
      const double fy = rng.Uniform();
      const double fx = rng.Uniform();
      p = PixelPoint(static_cast<int>(pixel), fx, fy);
    } while (rng.Uniform() * ceiling >= Density(GalacticZ(FacePointDirection(p))));
    drawn.emplace_back(NestedPixel(p, 29), p);
  }
  std::stable_sort(drawn.begin(), drawn.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  points->clear();
  for (const auto& d : drawn) points->push_back(d.second);
}

// The leaf of `row` in its step's tree, the tree kept per thread.
LeafRows LeafOf(std::optional<CountTree>* tree, const std::vector<double>& cumulative,
                uint64_t seed, uint32_t table_id, uint64_t row) {
  const RowRange step = SkyStepOf(table_id, row);
  if (!*tree || !(*tree)->Serves(&cumulative, seed, step)) {
    tree->emplace(&cumulative, seed, table_id | kTreeStream, step);
  }
  return (*tree)->Find(row - step.first);
}

}  // namespace

FacePoint SourcePoint(uint64_t seed, uint64_t row) {
  thread_local std::optional<CountTree> tree;
  // The last pixel's points, for the rows that follow in it.
  thread_local struct {
    uint64_t seed = 0, step_first = 0, pixel = 0;
    std::vector<FacePoint> points;
  } cache;
  const LeafRows leaf = LeafOf(&tree, Sources().cumulative, seed, kSourceTableId, row);
  const RowRange step = SkyStepOf(kSourceTableId, row);
  if (cache.points.size() != leaf.count || cache.seed != seed || cache.step_first != step.first ||
      cache.pixel != leaf.leaf) {
    DrawPixelPoints(seed, step, leaf.leaf, leaf.count, &cache.points);
    cache.seed = seed;
    cache.step_first = step.first;
    cache.pixel = leaf.leaf;
  }
  return cache.points[row - step.first - leaf.first];
}

SurveyField ObservationField(uint64_t seed, uint64_t row) {
  thread_local std::optional<CountTree> tree;
  const FieldTable& t = Fields(seed);
  return t.fields[LeafOf(&tree, t.cumulative, seed, kObsCoreTableId, row).leaf];
}

}  // namespace skyseed
