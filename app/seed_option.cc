#include "app/seed_option.h"

namespace skyseed {

void AddSeedOption(CLI::App* cmd, std::string* text) {
  // 2^63 - 1: the seed is recorded in a bigint (skyseed.corpus).
  cmd->add_option("--seed", *text, "corpus seed, 0 .. 2^63-1")->default_val(kDefaultSeedText);
}

}  // namespace skyseed
