// `skyseed grow --target-size`: grows whole sky steps (generator/sky_steps.h)
// until pg_database_size() reaches the target, then records the tier at
// that step's end, so a recorded tier always covers the whole sky: the
// tiers up to D4, then steps of +50 %.
#pragma once

#include <cstdint>
#include <optional>

#include "common/status.h"
#include "grow/grow_steps.h"

namespace skyseed {

Status GrowToSize(GrowContext& ctx);

// Every table's rows where step k ends.
TableRows StepEndRows(size_t k);
// The end of the step that `have` lies in, or the next one's when `have`
// is a step end: where the next round grows to. nullopt when some table
// holds more than the step the others are in allows (rows no step explains).
std::optional<TableRows> NextStepRows(const TableRows& have);
// `have` is a step's end (every table, the same step), or empty.
bool AtStepEnd(const TableRows& have);

}  // namespace skyseed
