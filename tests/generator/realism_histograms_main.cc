// Writes the realism histograms of tier S, seed 1, as CSV on stdout: built
// against the previous generator, it made tests/generator/gen3_histograms_S.csv
// (scripts/realism-fixture.sh).
#include <iostream>

#include "tests/generator/realism_histograms.h"

int main() {
  std::cout << skyseed::HistogramsCsv(skyseed::CorpusHistograms(1, 100'000, 1'000'000));
  return 0;
}
