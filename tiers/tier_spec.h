// Tiers are row counts per table, so a corpus is reproducible on any
// PostgreSQL version; each tier's rows are a prefix of the next tier's. The
// sizes they reach are measured, not promised (docs/benchmarks.md).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/status.h"
#include "generator/corpus_tables.h"

namespace skyseed {

struct TierSpec {
  std::string name;
  TableRows rows;  // per corpus table, in CorpusTables() order

  uint64_t RowsOf(const TableDef& table) const { return rows[table.index]; }
  // Of the table with this id (kObsCoreTableId, kSourceTableId).
  uint64_t RowsOf(uint32_t table_id) const { return RowsOf(CorpusTableWithId(table_id)); }
};

const std::vector<TierSpec>& BuiltinTiers();
// "ci, S, D1, D2, D3, D4": every tier's name, for help texts and errors.
std::string TierNames();
// Exact names (ci, S, D1 ... D4): one spelling per tier, so the name a
// database records is the name a user typed. InvalidArgument naming the
// known tiers otherwise.
Result<TierSpec> FindTier(const std::string& name);
// "S,D1,D2": each known, in growing order, no duplicates.
Result<std::vector<TierSpec>> ParseTierList(const std::string& list);

}  // namespace skyseed
