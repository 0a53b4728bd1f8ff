// What `verify` compares a table with, decided from the tier record and the
// chunk ledger as read (pure; verify/verify.cc reads and scans). The last tier
// record says which rows a table must hold; the ledger says how they were
// loaded and what an unfinished grow added beyond. A damaged ledger (entries
// deleted, shortened, overlapping) must not make verify expect fewer rows
// than the tier recorded, nor blame the table for the ledger's loss.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "copy_format/corpus_digest.h"
#include "generator/corpus_tables.h"
#include "store/chunk_ledger.h"
#include "store/manifest_records.h"

namespace skyseed {

struct VerifyChunk {
  RowRange range;
  std::optional<Digest128> ledger_digest;  // none: a gap the ledger does not account for
};

struct TablePlan {
  std::vector<VerifyChunk> chunks;   // sorted, disjoint: the rows the table must hold
  uint64_t tier_rows = 0;            // of the last tier record
  uint64_t tier_rows_in_ledger = 0;  // of those, the rows the ledger's entries account for
  uint64_t overlapping_entries = 0;  // ledger entries left out for overlapping an earlier one
};

// The table's ledger entries (any order; others' are skipped) as chunks,
// and every row of [0, tier_rows) no entry holds as gap chunks of at most
// piece_rows rows.
TablePlan PlanTableCheck(const std::vector<LedgerEntry>& ledger, const std::string& table,
                         uint64_t tier_rows, uint64_t piece_rows);

// The rows of `table` a tier record stands for: a built-in tier's own
// counts (so an edited row count is caught), else (a size tier) the record's.
uint64_t RecordedTierRows(const TierRecord& record, const TableDef& table);

// The digest of rows [0, rows) from digests already known for sorted,
// disjoint `chunks`: the chunks wholly below `rows` are reused, the rest is
// left `to_hash` (a chunk's part below `rows`, gaps, rows past the last).
struct PrefixPlan {
  std::vector<size_t> whole;      // indexes into chunks
  std::vector<RowRange> to_hash;  // in pieces of at most piece_rows
};
PrefixPlan PlanPrefix(const std::vector<VerifyChunk>& chunks, uint64_t rows, uint64_t piece_rows);

}  // namespace skyseed
