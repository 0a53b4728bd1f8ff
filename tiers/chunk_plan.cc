#include "tiers/chunk_plan.h"

#include <algorithm>

namespace skyseed {

std::vector<RowRange> MissingRanges(std::vector<RowRange> done, uint64_t target) {
  std::sort(done.begin(), done.end(),
            [](const RowRange& a, const RowRange& b) { return a.first < b.first; });
  std::vector<RowRange> missing;
  uint64_t cursor = 0;
  for (const RowRange& r : done) {
    if (cursor >= target) break;
    if (r.first > cursor) missing.push_back({cursor, std::min(r.first, target) - cursor});
    cursor = std::max(cursor, r.end());
  }
  if (cursor < target) missing.push_back({cursor, target - cursor});
  return missing;
}

std::vector<Chunk> TierChunks(const TierSpec& tier, uint64_t chunk_rows) {
  std::vector<Chunk> chunks;
  for (const TableDef& t : CorpusTables()) {
    for (const RowRange& r : SplitRanges({{0, tier.RowsOf(t)}}, chunk_rows)) {
      chunks.push_back({&t, r});
    }
  }
  return chunks;
}

std::vector<RowRange> SplitRanges(const std::vector<RowRange>& ranges, uint64_t chunk_rows) {
  std::vector<RowRange> out;
  for (const RowRange& r : ranges) {
    for (uint64_t first = r.first; first < r.end();) {
      const uint64_t cell_end = (first / chunk_rows + 1) * chunk_rows;
      const uint64_t end = std::min(cell_end, r.end());
      out.push_back({first, end - first});
      first = end;
    }
  }
  return out;
}

}  // namespace skyseed
