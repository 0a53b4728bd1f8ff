// `grow --verify`: before a growth loads anything, re-read every row the
// chunk ledger already holds (the rows this growth will not load) and compare
// each chunk with what the generator makes, and each spoly footprint with its
// literal. The ledger audit (store/ledger_audit.h) only counts rows; this
// catches a changed value too, for the price of reading the tables back.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/status.h"
#include "store/chunk_ledger.h"

namespace skyseed {

// Rows re-read, all matching; Mismatch, one line naming the first table and
// chunk that differ, otherwise. Reads with `jobs` connections of its own.
Result<uint64_t> RecheckLedgerRows(const std::string& conninfo, int jobs, uint64_t seed,
                                   const std::vector<LedgerEntry>& ledger);

}  // namespace skyseed
