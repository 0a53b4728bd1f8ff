#include "capacity/cold_windows.h"

#include <gtest/gtest.h>

namespace skyseed {
namespace {

SweepWindow Rep(int rep, double hit, double reads_per_s, double seconds = 60) {
  SweepWindow w;
  w.seconds = seconds;
  w.tier = "ci";
  w.clients = 8;
  w.rep = rep;
  w.tps = 8000;
  w.hit_ratio = hit;
  w.reads_per_s = reads_per_s;
  return w;
}

TEST(ColdWindows, OneColdRepAmongWarmOnesIsFlagged) {
  const std::vector<std::string> flags =
      ColdWindowFlags({Rep(1, 0.9983, 168), Rep(2, 0.9999, 15), Rep(3, 0.9999, 16)}, WarmupRule{});
  ASSERT_EQ(flags.size(), 3u);
  EXPECT_EQ(flags[0], "cold cache: hit 0.9983 vs 0.9999 in the other repetitions");
  EXPECT_EQ(flags[1], "");
  EXPECT_EQ(flags[2], "");
}

TEST(ColdWindows, EqualRepsAreNotFlagged) {
  for (const std::string& f : ColdWindowFlags(
           {Rep(1, 0.9999, 15), Rep(2, 0.99992, 14), Rep(3, 0.9999, 16)}, WarmupRule{})) {
    EXPECT_EQ(f, "");
  }
}

TEST(ColdWindows, ASingleRepHasNothingToCompare) {
  EXPECT_EQ(ColdWindowFlags({Rep(1, 0.9983, 168)}, WarmupRule{}), std::vector<std::string>{""});
}

TEST(ColdWindows, BothALowerHitRatioAndManyMoreReadsAreNeeded) {
  // A tier that never fits the cache: hit ratios differ, reads do not much.
  for (const std::string& f :
       ColdWindowFlags({Rep(1, 0.948, 5200), Rep(2, 0.952, 4900)}, WarmupRule{})) {
    EXPECT_EQ(f, "");
  }
  // Many more reads, the hit ratio within the tolerance: too few accesses to call cold.
  for (const std::string& f :
       ColdWindowFlags({Rep(1, 0.9997, 3), Rep(2, 0.9999, 0.5)}, WarmupRule{})) {
    EXPECT_EQ(f, "");
  }
}

TEST(ColdWindows, AFewMoreReadsInAShortLowRateWindowAreNoise) {
  // A TAP-like 3 s window: 2 block reads against none; ratios far apart,
  // counts within Poisson noise.
  EXPECT_EQ(ColdWindowFlags({Rep(1, 0.9990, 0.6, 3), Rep(2, 0.9999, 0, 3)}, WarmupRule{}),
            (std::vector<std::string>{"", ""}));
  // The same rates over 60 s: 36 reads against none is a colder cache.
  EXPECT_NE(ColdWindowFlags({Rep(1, 0.9990, 0.6), Rep(2, 0.9999, 0)}, WarmupRule{})[0], "");
}

TEST(ColdWindows, FlaggingTwiceAddsNothing) {
  // Windows read back from the database carry the flag they were recorded with.
  std::vector<SweepWindow> step = {Rep(1, 0.9983, 168), Rep(2, 0.9999, 15)};
  EXPECT_EQ(FlagColdWindows(&step, WarmupRule{}), std::vector<size_t>{0});
  EXPECT_EQ(step[0].flags.size(), 1u);
  EXPECT_FALSE(step[0].valid());
  EXPECT_TRUE(step[1].valid());
  EXPECT_TRUE(FlagColdWindows(&step, WarmupRule{}).empty());
  EXPECT_EQ(step[0].flags.size(), 1u);
}

}  // namespace
}  // namespace skyseed
