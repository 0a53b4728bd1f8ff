// The corpus against the ObsCore 1.1 REC and UCD1+, over a whole tier (S:
// 100,000 observations, 1,000,000 sources): what a REC-conformance check
// would reject, written from the REC's text rather than from the generator.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "generator/obscore_row.h"
#include "generator/source_row.h"

namespace skyseed {
namespace {

constexpr uint64_t kTierSObsCore = 100'000;

// UCD1+ spectral words and the wavelengths (m) they name.
struct Range {
  double lo, hi;
};
const std::map<std::string, Range> kUcdBands = {
    {"em.opt.U", {300e-9, 400e-9}}, {"em.opt.B", {400e-9, 500e-9}},  {"em.opt.V", {500e-9, 600e-9}},
    {"em.opt.R", {600e-9, 750e-9}}, {"em.opt.I", {750e-9, 1000e-9}}, {"em.IR.NIR", {1e-6, 5e-6}},
    {"em.IR.J", {1.0e-6, 1.5e-6}},  {"em.IR.H", {1.5e-6, 2.0e-6}},   {"em.IR.K", {2.0e-6, 3.0e-6}},
    {"em.radio", {1e-3, 1e4}},      {"em.X-ray", {1e-11, 1e-8}},
};

// The REC's order of polarisation states (ObsCore 1.1, 4.23).
const std::vector<std::string> kPolOrder = {"I",  "Q",  "U",  "V",  "RR", "LL",   "RL",
                                            "LR", "XX", "YY", "XY", "YX", "POLI", "POLA"};

std::vector<std::string> Split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s) {
    if (c == sep) {
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
    } else {
      cur.push_back(c);
    }
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

TEST(ObsCoreRec, ExposureFitsInTheTimeInterval) {
  ObsCoreRow row;
  for (uint64_t i = 0; i < kTierSObsCore; ++i) {
    GenerateObsCoreRow(1, i, &row);
    // 1 ms: the span of an MJD near 60,000 in double precision.
    ASSERT_LE(row.t_exptime, (row.t_max - row.t_min) * 86400.0 + 1e-3)
        << row.obs_id << " " << row.dataproduct_type;
  }
}

TEST(ObsCoreRec, BandsCarryTheirUcdAndAxesTheirRecValues) {
  ObsCoreRow row;
  std::map<std::string, int> polarised;
  for (uint64_t i = 0; i < kTierSObsCore; ++i) {
    GenerateObsCoreRow(1, i, &row);
    for (const std::string& word : Split(row.o_ucd, ';')) {
      auto band = kUcdBands.find(word);
      if (band == kUcdBands.end()) continue;
      // A filter is named for the UCD band its centre falls in (g at 475 nm
      // is em.opt.B though its edge reaches 550 nm).
      const double centre = (row.em_min + row.em_max) / 2;
      ASSERT_GE(centre, band->second.lo) << row.obs_id << " " << row.o_ucd;
      ASSERT_LE(centre, band->second.hi) << row.obs_id << " " << row.o_ucd;
    }
    if (row.pol_states.null) {
      ASSERT_EQ(row.pol_xel, 0) << row.obs_id;  // the REC's default
    } else {
      const std::vector<std::string> states = Split(row.pol_states.value, '/');
      ASSERT_EQ(row.pol_xel, static_cast<int64_t>(states.size()));
      size_t at = 0;
      for (const std::string& s : states) {
        while (at < kPolOrder.size() && kPolOrder[at] != s) ++at;
        ASSERT_LT(at, kPolOrder.size()) << row.pol_states.value << " is not in the REC's order";
      }
      ASSERT_NE(row.o_ucd.find("phys.polarization"), std::string::npos) << row.o_ucd;
      ++polarised[row.dataproduct_type];
    }
    if (row.dataproduct_type == "event") {
      // An event list has no pixels on any axis: -1, not a made-up count.
      ASSERT_EQ(row.s_xel1, -1);
      ASSERT_EQ(row.s_xel2, -1);
      ASSERT_EQ(row.t_xel, -1);
      ASSERT_EQ(row.em_xel, -1);
      ASSERT_TRUE(row.s_pixel_scale.null);
    } else {
      ASSERT_GT(row.s_xel1, 0);
      ASSERT_GT(row.t_xel, 0);
      ASSERT_GT(row.em_xel, 0);
    }
    if (row.dataproduct_type == "visibility") {
      // Hours of correlator output: far more than a few kbyte.
      ASSERT_GT(row.access_estsize, 100'000) << row.obs_id;
    }
    ASSERT_GT(row.access_estsize, 0);
  }
  EXPECT_GT(polarised["visibility"], 1000);
}

TEST(ObsCoreRec, OptionalColumnsAreFilledWhereArchivesFillThem) {
  ObsCoreRow row;
  int titled = 0, previews = 0, classes = 0, creator_dids = 0, subtypes = 0;
  for (uint64_t i = 0; i < 20'000; ++i) {
    GenerateObsCoreRow(1, i, &row);
    titled += !row.obs_title.empty();
    previews += !row.preview.null;
    classes += !row.target_class.null;
    creator_dids += !row.obs_creator_did.null;
    subtypes += !row.dataproduct_subtype.null;
    ASSERT_TRUE(row.em_ucd == "em.wl" || row.em_ucd == "em.freq" || row.em_ucd == "em.energy");
    if (!row.preview.null) {
      ASSERT_EQ(row.preview.value.rfind(row.access_url, 0), 0u);
    }
  }
  EXPECT_EQ(titled, 20'000);
  EXPECT_GT(previews, 10'000);
  EXPECT_GT(classes, 1'000);
  EXPECT_GT(creator_dids, 1'000);
  EXPECT_GT(subtypes, 2'000);
}

TEST(SourceErrors, RaAndDecErrorsDifferStarByStar) {
  SourceRow row;
  int same_position = 0, same_pm = 0, with_pm = 0;
  for (uint64_t i = 0; i < 100'000; ++i) {
    GenerateSourceRow(1, i, &row);
    same_position += row.ra_error == row.dec_error;
    if (row.pmra_error.null) continue;
    ++with_pm;
    same_pm += row.pmra_error.value == row.pmdec_error.value;
  }
  EXPECT_LT(same_position, 100);
  EXPECT_GT(with_pm, 50'000);
  EXPECT_LT(same_pm, 100);
}

}  // namespace
}  // namespace skyseed
