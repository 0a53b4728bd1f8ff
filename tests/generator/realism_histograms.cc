#include "tests/generator/realism_histograms.h"

#include <cmath>
#include <cstdlib>
#include <sstream>

#include "generator/obscore_row.h"
#include "generator/source_row.h"
#include "generator/surveys.h"

namespace skyseed {
namespace {

constexpr double kDeg = M_PI / 180.0;

// Adds one to bin floor((v - lo) / (hi - lo) * n) of histogram `name`,
// clamped to its ends.
void Add(Histograms* h, const std::string& name, int n, double lo, double hi, double v) {
  std::vector<double>& bins = (*h)[name];
  bins.resize(n);
  int i = static_cast<int>(std::floor((v - lo) / (hi - lo) * n));
  if (i < 0) i = 0;
  if (i >= n) i = n - 1;
  bins[i] += 1;
}

void AddSource(const SourceRow& s, Histograms* h) {
  Add(h, "source_sin_b", 40, -1, 1, std::sin(s.b * kDeg));
  Add(h, "source_l", 24, 0, 360, s.l);
  Add(h, "source_sin_dec", 36, -1, 1, std::sin(s.dec * kDeg));
  Add(h, "source_ra", 24, 0, 360, s.ra);
  Add(h, "source_g", 36, 3, 21, s.phot_g_mean_mag);
  Add(h, "source_bp_rp", 30, -1.5, 3.5, s.bp_rp.null ? -99 : s.bp_rp.value);
  Add(h, "source_log_ra_error", 30, -2.5, 0.5, std::log10(s.ra_error));
  Add(h, "source_parallax", 40, -2, 18, s.parallax.null ? -99 : s.parallax.value);
  Add(h, "source_pmdec", 40, -60, 40, s.pmdec.null ? -999 : s.pmdec.value);
  Add(h, "source_radial_velocity", 20, -150, 150,
      s.radial_velocity.null ? -999 : s.radial_velocity.value);
}

// The field number in obs_id ("WIDE.F01234.0000000042").
int FieldOf(const std::string& obs_id) {
  const size_t f = obs_id.find(".F");
  return std::atoi(obs_id.c_str() + f + 2);
}

void AddObservation(const ObsCoreRow& o, Histograms* h) {
  const std::string survey = o.obs_id.substr(0, o.obs_id.find('.'));
  (*h)["obs_survey"].resize(SurveyCount());
  for (int i = 0; i < SurveyCount(); ++i) {
    if (survey != SurveyAt(i).short_name) continue;
    (*h)["obs_survey"][i] += 1;
    // Fields by popularity: the first tenth of a survey's field numbers
    // holds about a third of its observations.
    Add(h, "obs_field_rank_" + survey, 10, 0, 1,
        FieldOf(o.obs_id) / static_cast<double>(SurveyAt(i).n_fields));
  }
  Add(h, "obs_sin_dec", 36, -1, 1, std::sin(o.s_dec * kDeg));
  Add(h, "obs_ra", 24, 0, 360, o.s_ra);
  Add(h, "obs_t_min", 38, 51500, 61000, o.t_min);
  Add(h, "obs_log_exptime", 30, 0, 6, std::log10(o.t_exptime));
  Add(h, "obs_log_em_min", 40, -10, 0, std::log10(o.em_min));
  Add(h, "obs_log_fov", 30, -4, 1, std::log10(o.s_fov));
  Add(h, "obs_calib_level", 4, 0, 4, o.calib_level);
  Add(h, "obs_log_estsize", 30, 0, 12, std::log10(static_cast<double>(o.access_estsize)));
}

}  // namespace

Histograms CorpusHistograms(uint64_t seed, uint64_t obscore_rows, uint64_t source_rows) {
  Histograms h;
  SourceRow s;
  for (uint64_t i = 0; i < source_rows; ++i) {
    GenerateSourceRow(seed, i, &s);
    AddSource(s, &h);
  }
  ObsCoreRow o;
  for (uint64_t i = 0; i < obscore_rows; ++i) {
    GenerateObsCoreRow(seed, i, &o);
    AddObservation(o, &h);
  }
  return h;
}

std::string HistogramsCsv(const Histograms& h) {
  std::ostringstream out;
  for (const auto& [name, bins] : h) {
    for (size_t i = 0; i < bins.size(); ++i) out << name << ',' << i << ',' << bins[i] << '\n';
  }
  return out.str();
}

Histograms ParseHistogramsCsv(const std::string& csv) {
  Histograms h;
  std::istringstream in(csv);
  std::string line;
  while (std::getline(in, line)) {
    const size_t a = line.find(','), b = line.find(',', a + 1);
    if (a == std::string::npos || b == std::string::npos) continue;
    std::vector<double>& bins = h[line.substr(0, a)];
    const size_t i = std::stoul(line.substr(a + 1, b - a - 1));
    if (bins.size() <= i) bins.resize(i + 1);
    bins[i] = std::stod(line.substr(b + 1));
  }
  return h;
}

}  // namespace skyseed
