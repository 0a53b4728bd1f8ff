#include "grow/grow_retry.h"

#include <algorithm>

namespace skyseed {

std::optional<int> RetryDelaySeconds(const Status& failure, int attempt, int retries) {
  if (failure.code() != Status::Code::kUnavailable || attempt >= retries) return std::nullopt;
  constexpr int kLongest = 30;
  // 1 << 5 already exceeds the longest wait; stopping there keeps the shift
  // defined for any attempt.
  return attempt >= 5 ? kLongest : std::min(kLongest, 1 << attempt);
}

}  // namespace skyseed
