#include "profile/collapsed_stacks.h"

#include <gtest/gtest.h>

#include <string>

namespace skyseed {
namespace {

// Three austin -f samples of two threads, the second sample idle; the
// shares below are computed by hand from the weights.
constexpr const char* kAustinFull =
    "# austin: 3.7.0\n"
    "# mode: full\n"
    "\n"
    "P10;T0:11;/usr/lib/python3.11/threading.py:Thread.run:975;"
    "/usr/lib/python3/dist-packages/gavo/adql/nodes.py:flatten:12 600,0,0\n"
    "P10;T0:11;/usr/lib/python3.11/threading.py:Thread.run:975;"
    "/usr/lib/python3.11/selectors.py:EpollSelector.select:468 300,1,0\n"
    "P10;T0:12;/usr/lib/python3.11/threading.py:Thread.run:980;"
    "/usr/lib/python3/dist-packages/gavo/adql/nodes.py:flatten:40;"
    "/usr/lib/python3/dist-packages/gavo/votable/__init__.py:write:7 100,0,0\n";

// Brendan Gregg's format with a recursive frame: a;b;a 2, a;b 3, c 5, and
// a thread sampled with no Python frame, 4.
constexpr const char* kGregg = "a;b;a 2\na;b 3\nc 5\nP9;T0:9 4\n";

TEST(CollapsedStacks, ModuleOfAFile) {
  EXPECT_EQ(PythonModule("/usr/lib/python3/dist-packages/gavo/adql/nodes.py"), "gavo.adql.nodes");
  EXPECT_EQ(PythonModule("/usr/local/lib/python3.11/site-packages/twisted/web/http.py"),
            "twisted.web.http");
  EXPECT_EQ(PythonModule("/usr/lib/python3.11/http/server.py"), "http.server");
  EXPECT_EQ(PythonModule("/usr/lib/python3/dist-packages/gavo/votable/__init__.py"),
            "gavo.votable");
  EXPECT_EQ(PythonModule("/tmp/x/hot.py"), "hot");
}

TEST(CollapsedStacks, FrameNamesOfEachSampler) {
  EXPECT_EQ(FrameName("/usr/lib/python3.11/threading.py:Thread.run:975"), "threading:Thread.run");
  EXPECT_EQ(FrameName("handle (/usr/lib/python3/dist-packages/gavo/web/root.py:88)"),
            "gavo.web.root:handle");
  EXPECT_EQ(FrameName("/usr/lib/python3.11/json/encoder.py:iterencode:-1352837758"),
            "json.encoder:iterencode");
  EXPECT_EQ(FrameName(":INVALID:"), "INVALID");
  EXPECT_EQ(FrameName("P10"), "");
  EXPECT_EQ(FrameName("T0:11"), "");
  EXPECT_EQ(FrameName("thread (0x7F12)"), "");
  EXPECT_EQ(FrameName("Tab"), "Tab");  // a frame, not a thread
}

TEST(CollapsedStacks, WallCountsEverySampleAndMergesLines) {
  Result<CollapsedProfile> p = ParseCollapsed(kAustinFull, ProfileClock::kWall);
  ASSERT_TRUE(p.ok()) << p.status().message();
  EXPECT_EQ(p->samples, 3);
  EXPECT_EQ(p->weight, 600 + 300 + 100);
  ASSERT_EQ(p->stacks.size(), 3u);
  const std::vector<std::string> top = {"threading:Thread.run", "gavo.adql.nodes:flatten"};
  EXPECT_EQ(p->stacks.at(top), 600);
}

TEST(CollapsedStacks, CpuDropsIdleSamplesAndSharesAreByHand) {
  Result<CollapsedProfile> p = ParseCollapsed(kAustinFull, ProfileClock::kCpu);
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->samples, 2);
  EXPECT_EQ(p->weight, 700);
  const std::vector<FrameShare> shares = FrameShares(*p);
  ASSERT_EQ(shares.size(), 3u);
  // flatten: self 600/700, inclusive 700/700; write: self 100/700.
  EXPECT_EQ(shares[0].frame, "gavo.adql.nodes:flatten");
  EXPECT_DOUBLE_EQ(shares[0].self, 600.0 / 700);
  EXPECT_DOUBLE_EQ(shares[0].inclusive, 1.0);
  EXPECT_EQ(shares[1].frame, "gavo.votable:write");
  EXPECT_DOUBLE_EQ(shares[1].self, 100.0 / 700);
  EXPECT_EQ(shares[2].frame, "threading:Thread.run");
  EXPECT_DOUBLE_EQ(shares[2].self, 0);
}

TEST(CollapsedStacks, CountsAddUpToTheSamples) {
  Result<CollapsedProfile> p = ParseCollapsed(kGregg, ProfileClock::kWall);
  ASSERT_TRUE(p.ok());
  int64_t sum = 0;
  for (const auto& [frames, count] : p->stacks) sum += count;
  EXPECT_EQ(sum, 2 + 3 + 5 + 4);
  EXPECT_EQ(p->weight, 14);
  EXPECT_EQ(p->samples, 4);
  // a: inclusive (2+3)/14 once although it recurs, self 2/14; b: self 3/14;
  // c: self 5/14; the frameless sample 4/14.
  const std::vector<FrameShare> s = FrameShares(*p);
  ASSERT_EQ(s.size(), 4u);
  EXPECT_EQ(s[0].frame, "c");
  EXPECT_DOUBLE_EQ(s[0].self, 5.0 / 14);
  EXPECT_EQ(s[1].frame, kNoPythonFrame);
  EXPECT_DOUBLE_EQ(s[1].self, 4.0 / 14);
  EXPECT_EQ(s[2].frame, "b");
  EXPECT_DOUBLE_EQ(s[2].inclusive, 5.0 / 14);
  EXPECT_EQ(s[3].frame, "a");
  EXPECT_DOUBLE_EQ(s[3].inclusive, 5.0 / 14);
  EXPECT_DOUBLE_EQ(s[3].self, 2.0 / 14);
  CollapsedProfile both = *p;
  MergeProfile(*p, &both);
  EXPECT_EQ(both.weight, 28);
  EXPECT_EQ(both.stacks.at({"c"}), 10);
}

TEST(CollapsedStacks, ALineWithoutAWeightIsRefusedByNumber) {
  Result<CollapsedProfile> p = ParseCollapsed("a;b 3\na;b three\n", ProfileClock::kWall);
  ASSERT_FALSE(p.ok());
  EXPECT_NE(p.status().message().find("line 2"), std::string::npos);
}

}  // namespace
}  // namespace skyseed
