// When a failed growth starts over. Only a lost server (Unavailable: the
// backend terminated, the server restarting) is retried, since every
// committed chunk is kept and a retry resumes; anything else would fail the
// same way again.
#pragma once

#include <optional>

#include "common/status.h"

namespace skyseed {

// Seconds to wait before retry `attempt` + 1 (attempt counts from 0) of a
// growth that failed with `failure`: 1, 2, 4, 8, 16, then 30 s each, for at
// most `retries` retries. nullopt: return the failure.
std::optional<int> RetryDelaySeconds(const Status& failure, int attempt, int retries);

}  // namespace skyseed
