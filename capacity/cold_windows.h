// After a step's repetitions are complete: a window whose cache was clearly
// colder than in the step's other repetitions measured the warm-up, not the
// tier, and is flagged (and so left out of the means).
#pragma once

#include <string>
#include <vector>

#include "capacity/warmup.h"
#include "sweep_record/sweep_window.h"

namespace skyseed {

// One entry per window of `step` (one client count's repetitions): empty, or
// "cold cache: hit 0.9983 vs 0.9999 in the other repetitions" when its hit
// ratio is below the others' mean by more than rule.hit_tolerance AND its
// reads/s are more than `read_factor` times theirs, by more than the Poisson
// noise of the counts (rule.noise_sigmas). Both figures, because either
// alone moves with the load (a tier that does not fit the cache has a
// lower, noisier hit ratio; reads/s follow throughput); the noise, because
// a TAP window reads a handful of blocks. A step with one repetition has
// nothing to compare and is never flagged.
std::vector<std::string> ColdWindowFlags(const std::vector<SweepWindow>& step,
                                         const WarmupRule& rule, double read_factor = 3);

// Adds ColdWindowFlags, as the warm cache guard's, to the windows of `step`
// that do not fail that guard yet (this check's flag read back with the
// window, or its warm-up's): the indexes of the windows it changed.
std::vector<size_t> FlagColdWindows(std::vector<SweepWindow>* step, const WarmupRule& rule);

}  // namespace skyseed
