// --seed, the one option every command that makes or reads a corpus takes:
// declared here once, so its help text, default and range are the same in
// hash, generate, grow, load, init, workload and sweep.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "generator/corpus_tables.h"

namespace skyseed {

// The seed a corpus has when none is given (generator/'s), as the option's text.
inline const std::string kDefaultSeedText = std::to_string(kDefaultSeed);

// Binds --seed to `text`. The value stays text until ParseSeed
// (common/user_values.h) reads it, so a bad seed is refused with skyseed's own
// message and exit code, as every other number a user types.
void AddSeedOption(CLI::App* cmd, std::string* text);

}  // namespace skyseed
