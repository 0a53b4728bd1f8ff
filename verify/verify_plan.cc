#include "verify/verify_plan.h"

#include <algorithm>

#include "tiers/chunk_plan.h"
#include "tiers/tier_spec.h"

namespace skyseed {

TablePlan PlanTableCheck(const std::vector<LedgerEntry>& ledger, const std::string& table,
                         uint64_t tier_rows, uint64_t piece_rows) {
  std::vector<LedgerEntry> entries;
  for (const LedgerEntry& e : ledger) {
    if (e.table == table && e.range.count > 0) entries.push_back(e);
  }
  std::sort(entries.begin(), entries.end(), [](const LedgerEntry& a, const LedgerEntry& b) {
    return a.range.first < b.range.first;
  });
  TablePlan plan;
  plan.tier_rows = tier_rows;
  std::vector<RowRange> accounted;
  for (const LedgerEntry& e : entries) {
    if (!plan.chunks.empty() && e.range.first < plan.chunks.back().range.end()) {
      ++plan.overlapping_entries;
      continue;
    }
    plan.chunks.push_back({e.range, e.digest});
    accounted.push_back(e.range);
    if (e.range.first < tier_rows) {
      plan.tier_rows_in_ledger += std::min(e.range.end(), tier_rows) - e.range.first;
    }
  }
  for (const RowRange& gap : SplitRanges(MissingRanges(accounted, tier_rows), piece_rows)) {
    plan.chunks.push_back({gap, std::nullopt});
  }
  std::sort(plan.chunks.begin(), plan.chunks.end(), [](const VerifyChunk& a, const VerifyChunk& b) {
    return a.range.first < b.range.first;
  });
  return plan;
}

uint64_t RecordedTierRows(const TierRecord& record, const TableDef& table) {
  for (const TierSpec& spec : BuiltinTiers()) {
    if (spec.name == record.tier) return spec.RowsOf(table);
  }
  for (const TierTableRecord& t : record.tables) {
    if (t.table == table.standard_name()) return t.digest.rows;
  }
  return 0;
}

PrefixPlan PlanPrefix(const std::vector<VerifyChunk>& chunks, uint64_t rows, uint64_t piece_rows) {
  PrefixPlan plan;
  std::vector<RowRange> rest;
  uint64_t next = 0;  // rows below are planned
  for (size_t i = 0; i < chunks.size() && next < rows; ++i) {
    const RowRange& c = chunks[i].range;
    if (c.first >= rows) break;
    if (c.first > next) rest.push_back({next, c.first - next});
    if (c.end() <= rows) {
      plan.whole.push_back(i);
    } else {
      rest.push_back({c.first, rows - c.first});
    }
    next = std::min(c.end(), rows);
  }
  if (next < rows) rest.push_back({next, rows - next});
  plan.to_hash = SplitRanges(rest, piece_rows);
  return plan;
}

}  // namespace skyseed
