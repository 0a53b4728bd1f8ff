#include "generator/sky_steps.h"

#include "generator/obscore_row.h"
#include "generator/source_row.h"

namespace skyseed {
namespace {

uint64_t RowsAt(const NamedStepEnd& end, uint32_t table_id) {
  return table_id == kObsCoreTableId ? end.obscore_rows : end.source_rows;
}

// Past the last named end each step adds half the rows before it, so a
// --target-size beyond D4 overshoots by at most half.
uint64_t StepAfter(uint64_t end) { return end + end / 2; }

}  // namespace

const std::vector<NamedStepEnd>& NamedStepEnds() {
  // D1 matches the reference run's 700,090 ObsCore rows and ~8.87 M rows in
  // all; D2-D4 keep its ratio of sources per observation (11.67).
  static const std::vector<NamedStepEnd> ends = {
      {"ci", 10'000, 100'000},       {"S", 100'000, 1'000'000},     {"D1", 700'090, 8'170'000},
      {"D2", 3'000'000, 35'010'000}, {"D3", 7'400'000, 86'360'000}, {"D4", 13'300'000, 155'210'000},
  };
  return ends;
}

RowRange SkyStepOf(uint32_t table_id, uint64_t row) {
  uint64_t start = 0;
  for (const NamedStepEnd& e : NamedStepEnds()) {
    const uint64_t end = RowsAt(e, table_id);
    if (row < end) return {start, end - start};
    start = end;
  }
  for (;;) {
    const uint64_t end = StepAfter(start);
    if (row < end) return {start, end - start};
    start = end;
  }
}

uint64_t StepEnd(uint32_t table_id, size_t k) {
  const std::vector<NamedStepEnd>& named = NamedStepEnds();
  if (k < named.size()) return RowsAt(named[k], table_id);
  uint64_t end = RowsAt(named.back(), table_id);
  for (size_t i = named.size(); i <= k; ++i) end = StepAfter(end);
  return end;
}

}  // namespace skyseed
