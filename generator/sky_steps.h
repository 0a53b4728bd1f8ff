// The steps of the corpus: row ranges of each table that each cover the
// whole sky at the model's density, generated along HEALPix's NESTED curve
// (generator/sky_order.h), so a database is stored in sky order within
// each step, as a survey archive clustered on its position index is. The
// named tiers end on steps; past the last one, every step adds half the
// rows before it. Row i of a table is a function of (seed, table, i) and of
// the step holding i, which is fixed by this table: no run, chunk size or
// target can change it.
#pragma once

#include <cstdint>
#include <vector>

#include "generator/corpus_tables.h"

namespace skyseed {

struct NamedStepEnd {
  const char* tier;  // the tier whose rows end here
  uint64_t obscore_rows;
  uint64_t source_rows;
};

// ci, S, D1 ... D4, in growing order: the only list of tier sizes.
const std::vector<NamedStepEnd>& NamedStepEnds();

// The step holding row `row` of the table with this id.
RowRange SkyStepOf(uint32_t table_id, uint64_t row);
// The rows of that table where step k (0: ci's) ends.
uint64_t StepEnd(uint32_t table_id, size_t k);

}  // namespace skyseed
