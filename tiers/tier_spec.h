// Tiers are row counts per table, so a corpus is reproducible on any
// PostgreSQL version; each tier's rows are a prefix of the next tier's. The
// sizes they reach are measured, not promised (docs/benchmarks.md).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/status.h"

namespace skyseed {

struct TierSpec {
  std::string name;
  uint64_t obscore_rows;
  uint64_t source_rows;

  // Row count of the corpus table with this id (see generator/corpus_tables.h).
  uint64_t RowsFor(uint32_t table_id) const;
};

const std::vector<TierSpec>& BuiltinTiers();
// Case-insensitive; InvalidArgument naming the known tiers otherwise.
Result<TierSpec> FindTier(const std::string& name);
// "S,D1,D2": each known, in growing order, no duplicates.
Result<std::vector<TierSpec>> ParseTierList(const std::string& list);

}  // namespace skyseed
