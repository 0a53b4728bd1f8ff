// `skyseed grow --target-size`: grows in rounds, every table in the
// reference tier's proportions (tiers/tier_spec.h), until
// pg_database_size() reaches the target, then records the tier.
#pragma once

#include <cstdint>

#include "common/status.h"
#include "grow/grow_steps.h"

namespace skyseed {

Status GrowToSize(GrowContext& ctx);

// The lead table's (ivoa.obscore's) rows to reach next, from the rows it
// holds and the database's size: bytes per lead row as measured (a first
// guess while empty), aiming 3% short of the target, and at least 1% of the
// rows already there more.
uint64_t NextLeadRows(uint64_t lead_rows, uint64_t database_size, uint64_t target_size);

}  // namespace skyseed
