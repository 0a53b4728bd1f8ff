// Histograms of what users see in a corpus — sky density, magnitudes,
// colours, astrometry, survey and field counts, times, energies — computed
// from the generator's rows. The same code built against another generator
// version writes its histograms as a fixture (realism_histograms_main.cc),
// so two generators are compared on their rows, not on their code.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace skyseed {

// name -> counts per bin.
using Histograms = std::map<std::string, std::vector<double>>;

Histograms CorpusHistograms(uint64_t seed, uint64_t obscore_rows, uint64_t source_rows);

// "name,bin,count" lines, and back.
std::string HistogramsCsv(const Histograms& h);
Histograms ParseHistogramsCsv(const std::string& csv);

}  // namespace skyseed
