// What the chunk ledger (skyseed.chunk_ledger) says: one entry per committed
// chunk, committed in the same transaction as the chunk's rows, so the
// ledger is exactly what the corpus tables hold. Read and written by
// store/manifest_store.h; these functions only look at entries already read.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "copy_format/corpus_digest.h"
#include "generator/corpus_tables.h"

namespace skyseed {

struct LedgerEntry {
  std::string table;  // "schema.name"
  RowRange range;
  Digest128 digest;
};

// One table's committed ranges, and their rows and digest sum.
std::vector<RowRange> LedgerRanges(const std::vector<LedgerEntry>& ledger,
                                   const std::string& table);
TableDigest LedgerDigest(const std::vector<LedgerEntry>& ledger, const std::string& table);
inline uint64_t LedgerRows(const std::vector<LedgerEntry>& ledger, const std::string& table) {
  return LedgerDigest(ledger, table).rows;
}

}  // namespace skyseed
