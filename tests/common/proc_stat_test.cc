// The host's busy CPU has one definition (HostCpuTicks::Busy): what ran on
// this host's cores, steal, idle and iowait left out.
#include "common/proc_stat.h"

#include <gtest/gtest.h>

namespace skyseed {
namespace {

// Each state a distinct power of two, so the sum names the states it holds.
constexpr const char* kLine = "cpu  1 2 4 8 16 32 64 128 256 512\n";

TEST(HostCpuTicks, ParsesEveryStateOfTheCpuLine) {
  const std::optional<HostCpuTicks> t = ParseHostCpuLine(kLine);
  ASSERT_TRUE(t.has_value());
  EXPECT_EQ(t->user, 1u);
  EXPECT_EQ(t->nice, 2u);
  EXPECT_EQ(t->system, 4u);
  EXPECT_EQ(t->idle, 8u);
  EXPECT_EQ(t->iowait, 16u);
  EXPECT_EQ(t->irq, 32u);
  EXPECT_EQ(t->softirq, 64u);
  EXPECT_EQ(t->steal, 128u);
}

TEST(HostCpuTicks, BusyIsWhatRanHereNotStealIdleOrIowait) {
  // user + nice + system + irq + softirq; guest (256) is inside user already.
  EXPECT_EQ(ParseHostCpuLine(kLine)->Busy(), 1u + 2 + 4 + 32 + 64);
}

TEST(HostCpuTicks, OlderKernelsWithoutStealAndOtherLinesAreHandled) {
  const std::optional<HostCpuTicks> old = ParseHostCpuLine("cpu 10 0 5 100 1 0 2");
  ASSERT_TRUE(old.has_value());
  EXPECT_EQ(old->steal, 0u);
  EXPECT_EQ(old->Busy(), 17u);
  EXPECT_FALSE(ParseHostCpuLine("cpu0 1 2 4 8 16 32 64 128").has_value());
  EXPECT_FALSE(ParseHostCpuLine("cpu 1 2 x 8 16 32 64 128").has_value());
  EXPECT_FALSE(ParseHostCpuLine("").has_value());
}

TEST(HostCpuTicks, TheHostIsReadable) {
  const std::optional<HostCpuTicks> now = ReadHostCpuTicks();
  ASSERT_TRUE(now.has_value());
  EXPECT_GT(now->Busy() + now->idle, 0u);
}

}  // namespace
}  // namespace skyseed
