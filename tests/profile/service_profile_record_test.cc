// The profile a sweep records: its JSON read back whole, the
// widest frame and the sampler's cost by hand, the one line.
#include "profile/service_profile_record.h"

#include <gtest/gtest.h>

#include "profile/profiled_window.h"

namespace skyseed {
namespace {

// CPU: adql 600 (under a root "main"), votable 300, a frameless thread 100;
// wall adds 1000 idle in select.
ServiceProfileRecord HandMadeProfile() {
  ServiceProfileRecord r;
  r.sampler = "austin 3.7.0 (root /r)";
  r.clients = 8;
  r.seconds = 60;
  r.interval_us = 10000;
  r.processes = 1;
  r.profiled_rate = 9.6;
  r.unprofiled_rate = 12;
  r.sampler_cpu_s = 1.5;
  r.cpu.stacks[{"main:run", "gavo.adql.nodes:flatten"}] = 600;
  r.cpu.stacks[{"main:run", "gavo.votable:write"}] = 300;
  r.cpu.stacks[{kNoPythonFrame}] = 100;
  r.cpu.samples = 3;
  r.cpu.weight = 1000;
  r.wall = r.cpu;
  r.wall.stacks[{"main:run", "selectors:EpollSelector.select"}] = 1000;
  r.wall.samples = 4;
  r.wall.weight = 2000;
  return r;
}

TEST(ServiceProfileRecord, ReadsBackWhatItWrote) {
  const ServiceProfileRecord r = HandMadeProfile();
  // Through text, as the sweep's record keeps it.
  Result<ServiceProfileRecord> back =
      ProfileFromJson(nlohmann::json::parse(ProfileToJson(r).dump()));
  ASSERT_TRUE(back.ok()) << back.status().message();
  EXPECT_EQ(back->cpu.stacks, r.cpu.stacks);
  EXPECT_EQ(back->wall.stacks, r.wall.stacks);
  EXPECT_EQ(back->wall.samples, 4);
  EXPECT_EQ(back->cpu.weight, 1000);
  EXPECT_EQ(back->sampler, r.sampler);
  EXPECT_EQ(back->clients, 8);
  EXPECT_DOUBLE_EQ(back->sampler_cpu_s, 1.5);
  EXPECT_FALSE(ProfileFromJson(nlohmann::json{{"sampler", 3}}).ok());
}

TEST(ServiceProfileRecord, NoSamplerKeepsWhyAndNoStacks) {
  ServiceProfileRecord r;
  r.unavailable = "no Python sampler: make one with scripts/install-stack-debian13.sh";
  const nlohmann::json j = ProfileToJson(r);
  EXPECT_FALSE(j.contains("cpu"));
  Result<ServiceProfileRecord> back = ProfileFromJson(j);
  ASSERT_TRUE(back.ok());
  EXPECT_FALSE(back->has_profile());
  EXPECT_EQ(back->unavailable, r.unavailable);
  EXPECT_EQ(ServiceProfileLine("ci", *back),
            "service-profile tier=ci clients=0 sampler=none samples=0 top=n/a:n/a overhead=n/a");
  EXPECT_EQ(WidestFrameSentence(*back), "");
  EXPECT_EQ(ProfileFlameGraph(*back, "t"), "");
}

TEST(ServiceProfileRecord, WidestFrameAndCostByHand) {
  const ServiceProfileRecord r = HandMadeProfile();
  // Self shares of the CPU weight: flatten 600/1000, write 300/1000; the
  // frameless thread (100) is no code and main:run owns nothing itself.
  const std::vector<FrameShare> widest = WidestFrames(r.main(), 5);
  ASSERT_EQ(widest.size(), 2u);
  EXPECT_EQ(widest[0].frame, "gavo.adql.nodes:flatten");
  EXPECT_DOUBLE_EQ(widest[0].self, 0.6);
  EXPECT_EQ(widest[1].frame, "gavo.votable:write");
  // 1 - 9.6 / 12 = 0.2.
  EXPECT_NEAR(r.overhead(), 0.2, 1e-12);
  EXPECT_EQ(ServiceProfileLine("S", r),
            "service-profile tier=S clients=8 sampler=austin samples=3 "
            "top=gavo.adql.nodes:flatten:0.600 overhead=20.0%");
  EXPECT_EQ(WidestFrameSentence(r),
            "DaCHS spent 60.0 % of its CPU in gavo.adql.nodes:flatten (its own code; 60.0 % with "
            "what it calls)");
}

TEST(ServiceProfileRecord, TheFlamegraphDrawsTheCpuStacks) {
  const std::string svg = ProfileFlameGraph(HandMadeProfile(), "t");
  EXPECT_NE(svg.find("gavo.adql.nodes:flatten"), std::string::npos);
  EXPECT_EQ(svg.find("EpollSelector"), std::string::npos);  // idle: wall only
  const std::string wall = ProfileFlameGraph(HandMadeProfile(), "t", true);
  EXPECT_NE(wall.find("selectors:EpollSelector.select"), std::string::npos);
}

}  // namespace
}  // namespace skyseed
