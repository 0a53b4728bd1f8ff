// The size-driven growth's next step, from the rows and bytes it measured.
#include "grow/grow_to_size.h"

#include <gtest/gtest.h>

namespace skyseed {
namespace {

constexpr uint64_t kMiB = 1 << 20;

TEST(GrowToSize, AnEmptyCorpusGuessesSixKilobytesARow) {
  // (100 MiB - 7.5 MiB) / 6000 bytes * 0.97 = 15,680.58 rows.
  EXPECT_EQ(NextLeadRows(0, 7'864'320, 100 * kMiB), 15'681u);
}

TEST(GrowToSize, AimsThreePercentShortAtTheMeasuredBytesPerRow) {
  // 40 MiB for 10,000 rows; 40 MiB more is 10,000 rows more, less 3%.
  EXPECT_EQ(NextLeadRows(10'000, 40 * kMiB, 80 * kMiB), 19'700u);
}

TEST(GrowToSize, StepsAtLeastAHundredthOfTheRows) {
  // 100,000 bytes at 8,378.6 bytes a row, less 3%: 11.6 rows, below 101.
  EXPECT_EQ(NextLeadRows(10'000, 80 * kMiB - 100'000, 80 * kMiB), 10'101u);
  // 2 MiB at 8,178.9 bytes a row, less 3%: 248.7 rows, above 101.
  EXPECT_EQ(NextLeadRows(10'000, 78 * kMiB, 80 * kMiB), 10'249u);
}

}  // namespace
}  // namespace skyseed
