#include "grow/load_plan.h"

#include <algorithm>

namespace skyseed {
namespace {

uint64_t RowsMissingIn(const std::vector<RowRange>& missing, RowRange r) {
  uint64_t n = 0;
  for (const RowRange& m : missing) {
    const uint64_t lo = std::max(m.first, r.first), hi = std::min(m.end(), r.end());
    if (lo < hi) n += hi - lo;
  }
  return n;
}

std::vector<RowRange> Missing(const std::vector<LedgerEntry>& ledger, const TableDef& t,
                              const TableRows& counts) {
  return MissingRanges(LedgerRanges(ledger, t.standard_name()), counts[t.index]);
}

}  // namespace

Status CheckOnlyGrows(const std::vector<LedgerEntry>& ledger, const TableRows& counts) {
  std::vector<const TableDef*> by_name;
  for (const TableDef& t : CorpusTables()) by_name.push_back(&t);
  std::sort(by_name.begin(), by_name.end(), [](const TableDef* a, const TableDef* b) {
    return a->standard_name() < b->standard_name();
  });
  for (const TableDef* t : by_name) {
    const uint64_t have = LedgerRows(ledger, t->standard_name());
    const uint64_t rows = counts[t->index];
    if (have > rows) {
      return Status::InvalidArgument(t->standard_name() + " already holds " + std::to_string(have) +
                                     " rows, more than the " + std::to_string(rows) +
                                     " asked for; tiers only grow");
    }
  }
  return Status::Ok();
}

std::vector<Chunk> PlanGeneratedLoad(const std::vector<LedgerEntry>& ledger,
                                     const TableRows& counts, const ChunkGrid& grid) {
  std::vector<Chunk> chunks;
  for (const TableDef& t : CorpusTables()) {
    for (const RowRange& r : SplitRanges(Missing(ledger, t, counts), grid.chunk_rows)) {
      if (grid.shards <= 1 || ShardOwns(r, grid.chunk_rows, grid.shard, grid.shards)) {
        chunks.push_back({&t, r});
      }
    }
  }
  return chunks;
}

Result<std::vector<Chunk>> PlanFileLoad(const std::vector<LedgerEntry>& ledger,
                                        const TableRows& counts, const std::vector<Chunk>& files,
                                        const std::string& tier) {
  std::vector<Chunk> chunks;
  for (const Chunk& c : files) {
    const uint64_t missing = RowsMissingIn(Missing(ledger, *c.table, counts), c.range);
    if (missing == c.range.count) {
      chunks.push_back(c);
    } else if (missing > 0) {
      return Status::InvalidArgument(
          "the database already holds part of " + c.table->standard_name() + " rows " +
          std::to_string(c.range.first) + ".." + std::to_string(c.range.end()) +
          " (grown with another chunk size); finish it with skyseed grow --tier " + tier);
    }
  }
  return chunks;
}

bool LedgerCovers(const std::vector<LedgerEntry>& ledger, const TableRows& counts) {
  for (const TableDef& t : CorpusTables()) {
    if (!Missing(ledger, t, counts).empty()) return false;
  }
  return true;
}

}  // namespace skyseed
