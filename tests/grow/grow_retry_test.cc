// Which failed growths start over, and after how long.
#include "grow/grow_retry.h"

#include <gtest/gtest.h>

#include <vector>

namespace skyseed {
namespace {

TEST(GrowRetry, ALostServerIsRetriedWithBackoff) {
  const Status lost = Status::Unavailable("server closed the connection unexpectedly");
  std::vector<int> waits;
  for (int attempt = 0; attempt < 10; ++attempt) {
    const std::optional<int> wait = RetryDelaySeconds(lost, attempt, 10);
    ASSERT_TRUE(wait.has_value()) << attempt;
    waits.push_back(*wait);
  }
  EXPECT_EQ(waits, (std::vector<int>{1, 2, 4, 8, 16, 30, 30, 30, 30, 30}));
}

TEST(GrowRetry, RetriesStopAtTheLimit) {
  const Status lost = Status::Unavailable("x");
  EXPECT_FALSE(RetryDelaySeconds(lost, 5, 5).has_value());
  EXPECT_FALSE(RetryDelaySeconds(lost, 0, 0).has_value());
  EXPECT_EQ(RetryDelaySeconds(lost, 4, 5), 16);
  // The longest --retries allows: still 30 s, never an overflowing shift.
  EXPECT_EQ(RetryDelaySeconds(lost, 99, 100), 30);
}

TEST(GrowRetry, OtherFailuresAreNotRetried) {
  for (const Status& s : {Status::Ok(), Status::Database("disk full"),
                          Status::InvalidArgument("bad --seed"), Status::Corruption("ledger"),
                          Status::NotFound("x"), Status::IoError("x"), Status::Mismatch("x")}) {
    EXPECT_FALSE(RetryDelaySeconds(s, 0, 5).has_value()) << s.message();
  }
}

}  // namespace
}  // namespace skyseed
