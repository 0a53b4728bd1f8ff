#include "store/chunk_ledger.h"

namespace skyseed {

std::vector<RowRange> LedgerRanges(const std::vector<LedgerEntry>& ledger,
                                   const std::string& table) {
  std::vector<RowRange> out;
  for (const LedgerEntry& e : ledger) {
    if (e.table == table) out.push_back(e.range);
  }
  return out;
}

TableDigest LedgerDigest(const std::vector<LedgerEntry>& ledger, const std::string& table) {
  TableDigest d;
  for (const LedgerEntry& e : ledger) {
    if (e.table == table) d.Merge({e.range.count, e.digest});
  }
  return d;
}

}  // namespace skyseed
