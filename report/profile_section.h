// The service's profile in the report: per tier of a TAP sweep
// run with --profile-service, the flamegraph of DaCHS's CPU, its widest
// frames and their shares, and what the sampler cost; or why there is no
// profile and how to get a sampler. Pure: renders records already read.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "sweep_record/sweep_record.h"

namespace skyseed {

struct ProfilePart {
  std::string html, markdown;                              // empty when no tier was profiled
  std::vector<std::pair<std::string, std::string>> files;  // SVG name, content
};

// `prefix`: the sweep's file prefix, as its charts'.
ProfilePart RenderServiceProfiles(const SweepRecord& r, const std::string& prefix);

// What the TAP finding adds when its limit is tap-cpu and the tier was
// profiled: "; DaCHS spent 31.0 % of its CPU in gavo.adql.nodes:flatten
// (...)"; "" otherwise.
std::string ProfileFindingNote(const TierSweep& t);

}  // namespace skyseed
