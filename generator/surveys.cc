#include "generator/surveys.h"

#include <cmath>

#include "det_math/det_math.h"
#include "generator/row_rng.h"

namespace skyseed {
namespace {

constexpr Band kOpticalBands[] = {
    {"g", 4.0e-7, 5.5e-7, "phot.flux.density;em.opt.B"},
    {"r", 5.5e-7, 7.0e-7, "phot.flux.density;em.opt.R"},
    {"i", 7.0e-7, 8.5e-7, "phot.flux.density;em.opt.I"},
    {"z", 8.5e-7, 1.0e-6, "phot.flux.density;em.opt.I"},
};
constexpr Band kInfraredBands[] = {
    {"J", 1.10e-6, 1.40e-6, "phot.flux.density;em.IR.J"},
    {"H", 1.50e-6, 1.80e-6, "phot.flux.density;em.IR.H"},
    {"Ks", 2.00e-6, 2.30e-6, "phot.flux.density;em.IR.K"},
};
constexpr Band kSpectroBands[] = {
    {"blue", 3.7e-7, 6.0e-7, "phot.flux.density;em.wl"},
    {"red", 5.8e-7, 9.5e-7, "phot.flux.density;em.wl"},
};
constexpr Band kIfuBands[] = {{"vis", 4.8e-7, 9.3e-7, "phot.flux.density;em.wl"}};
constexpr Band kRadioBands[] = {
    {"L", 0.15, 0.30, "phot.flux.density;em.radio;phys.polarization"},
    {"C", 0.0375, 0.075, "phot.flux.density;em.radio;phys.polarization"},
};
constexpr Band kXrayBands[] = {{"soft", 1.24e-10, 2.48e-9, "phot.count;em.X-ray"}};
constexpr Band kTimeBands[] = {{"white", 4.0e-7, 9.0e-7, "phot.flux;em.opt"}};

// Weights sum to 1000. Wide imaging dominates an archive by row count.
// clang-format off
const Survey kSurveys[] = {
    {"WIDE", "SKYSEED WIDE", "Skyseed 2.5m", "WideCam", "image", "image/fits", 420, 20000,
     1.5, FootprintShape::kRectangle, 0.9, 1.1, 1.0, 30, 300, 0.6, 1.6, 8192, 8192, 1, 0, 0, 1,
     nullptr, 0, 57000, 61000, 1, 3, 0.0, kOpticalBands, 4, "em.wl", nullptr, true, false},
    {"DEEP", "SKYSEED DEEP", "Skyseed 8m", "DeepCam", "image", "image/fits", 120, 40, 0.5,
     FootprintShape::kRectangle, 0.2, 0.3, 1.0, 600, 1800, 0.5, 0.9, 4096, 4096, 1, 0, 0, 1,
     nullptr, 0, 58000, 61000, 2, 3, 0.0, kOpticalBands, 4, "em.wl", "deep stack", true, true},
    {"NIR", "SKYSEED NIR", "Skyseed 4m", "IRCam", "image", "image/fits", 150, 3000, 1.0,
     FootprintShape::kRectangle, 0.15, 0.25, 1.0, 10, 120, 0.8, 1.4, 2048, 2048, 1, 0, 0, 1,
     nullptr, 0, 56000, 60000, 1, 2, 0.1, kInfraredBands, 3, "em.wl", nullptr, true, false},
    {"SPEC", "SKYSEED SPEC", "Skyseed 4m", "FibreSpec", "spectrum", "application/fits", 140, 5000,
     1.0, FootprintShape::kCircle, 0.0004, 0.0006, 1.0, 900, 3600, 1.0, 2.0, 1, 1, 4096, 1800,
     22000, 1, nullptr, 0, 57500, 61000, 1, 2, 0.05, kSpectroBands, 2, "em.wl", "fibre spectrum", false,
     false},
    {"IFU", "SKYSEED IFU", "Skyseed 8m", "CubeSpec", "cube", "application/fits", 40, 800, 0.2,
     FootprintShape::kRectangle, 0.016, 0.018, 1.0, 600, 3600, 0.4, 1.0, 320, 320, 3700, 1700,
     3500, 1, nullptr, 0, 58500, 61000, 2, 3, 0.05, kIfuBands, 1, "em.wl", nullptr, true, true},
    {"RADIO", "SKYSEED RADIO", "Skyseed Array", "Correlator", "visibility",
     "application/x-ms", 60, 1500, 2.0, FootprintShape::kCircle, 0.4, 1.2, 1.0, 3600, 28800,
     2.0, 20.0, 1, 1, 1024, 0, 0, 1, "/XX/YY/XY/YX/", 4, 55000, 61000, 0, 2, 0.2, kRadioBands,
     2, "em.freq", "continuum", false, false},
    {"XRAY", "SKYSEED XRAY", "Skyseed X-ray Observatory", "XIS", "event", "application/fits",
     30, 2500, 0.3, FootprintShape::kRectangle, 0.28, 0.32, 1.0, 5000, 100000, 1.0, 5.0, 1024,
     1024, 1, 0, 0, 1, nullptr, 0, 51500, 61000, 1, 3, 0.0, kXrayBands, 1, "em.energy", nullptr, false,
     false},
    {"TIME", "SKYSEED TIME", "Skyseed 1m", "PhotCam", "timeseries", "application/x-votable+xml",
     40, 600, 0.5, FootprintShape::kCircle, 0.001, 0.002, 1.0, 20000, 200000, 1.5, 3.0, 1, 1,
     1, 0, 0, 5000, nullptr, 0, 58000, 61000, 2, 3, 0.0, kTimeBands, 1, "em.wl", "light curve", false,
     false},
};
// clang-format on
constexpr int kSurveyCount = sizeof(kSurveys) / sizeof(kSurveys[0]);

// Field centres draw from their own table id, apart from every row stream.
constexpr uint32_t kFieldTableId = 0xF1E1D;

}  // namespace

int SurveyCount() { return kSurveyCount; }
const Survey& SurveyAt(int index) { return kSurveys[index]; }

const uint32_t* SurveyCumulativeWeights() {
  static const auto cumulative = [] {
    struct C {
      uint32_t w[kSurveyCount];
    } c{};
    uint32_t sum = 0;
    for (int i = 0; i < kSurveyCount; ++i) c.w[i] = sum += kSurveys[i].weight;
    return c;
  }();
  return cumulative.w;
}

namespace {

struct ZPhi {
  double z, phi;
};

// Uniform on the sphere: uniform in z and in longitude.
ZPhi FieldZPhi(uint64_t seed, int survey, uint32_t field) {
  RowRng rng(seed, kFieldTableId, (static_cast<uint64_t>(survey) << 32) | field);
  const double z = 2.0 * rng.Uniform() - 1.0;
  return {z, det::kTwoPi * rng.Uniform()};
}

}  // namespace

FacePoint FieldPoint(uint64_t seed, int survey, uint32_t field) {
  const ZPhi c = FieldZPhi(seed, survey, field);
  return FacePointOf(c.z, c.phi);
}

Vec3 FieldCentre(uint64_t seed, int survey, uint32_t field) {
  const ZPhi c = FieldZPhi(seed, survey, field);
  double s, co;
  det::sincos(c.phi, &s, &co);
  const double r = std::sqrt((1.0 - c.z) * (1.0 + c.z));
  return Vec3(r * co, r * s, c.z);
}

}  // namespace skyseed
