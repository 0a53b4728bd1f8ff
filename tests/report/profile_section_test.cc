// The service's profile in the report, on constructed records:
// the TAP finding names the widest frame only when the limit is tap-cpu,
// the summary lists the widest frames with shares computed by hand, and a
// sweep without a sampler says so and how to get one.
#include "report/profile_section.h"

#include <gtest/gtest.h>

#include "profile/service_profile_record.h"
#include "report/sweep_report.h"
#include "tests/report/test_windows.h"

namespace skyseed {
namespace {

// CPU weights: adql 310 of 1000, votable 250, twisted 40 under a reactor
// root of 400 in all.
TierSweep ProfiledTapTier(LimitKind limit) {
  ServiceProfileRecord p;
  p.sampler = "austin 3.7.0 (root /r)";
  p.clients = 8;
  p.seconds = 60;
  p.interval_us = 10000;
  p.processes = 1;
  p.profiled_rate = 9;
  p.unprofiled_rate = 10;
  p.sampler_cpu_s = 2;
  p.cpu.stacks[{"twisted.internet.base:run", "gavo.adql.nodes:flatten"}] = 310;
  p.cpu.stacks[{"twisted.internet.base:run", "gavo.votable.tablewriter:write"}] = 250;
  p.cpu.stacks[{"twisted.internet.base:run"}] = 40;
  p.cpu.stacks[{"pyparsing.core:_parseCache"}] = 400;
  p.cpu.samples = 100;
  p.cpu.weight = 1000;
  p.wall = p.cpu;
  TierSweep t;
  t.tier = "S";
  t.database_size = 1 << 30;
  t.windows = {TestWindow(8, 1, 10, 800)};
  t.finding.saturated = true;
  t.finding.limit = limit;
  t.finding.reason = "at 8 clients the service's CPU";
  t.service_profile = ProfileToJson(p);
  return t;
}

TEST(ProfileSection, TheTapFindingNamesTheWidestFrameOnlyAtTapCpu) {
  // pyparsing's 400 of 1000 is the widest own share; twisted's run holds
  // 310 + 250 + 40 = 600 with its callees but only 40 itself.
  EXPECT_EQ(ProfileFindingNote(ProfiledTapTier(LimitKind::kTapCpu)),
            "; DaCHS spent 40.0 % of its CPU in pyparsing.core:_parseCache (its own code; 40.0 % "
            "with what it calls)");
  EXPECT_EQ(ProfileFindingNote(ProfiledTapTier(LimitKind::kDatabaseCpu)), "");
  TierSweep unprofiled = ProfiledTapTier(LimitKind::kTapCpu);
  unprofiled.service_profile = nullptr;
  EXPECT_EQ(ProfileFindingNote(unprofiled), "");
}

TEST(ProfileSection, SummaryListsTheWidestFramesAndTheCost) {
  const SweepRecord r{TapKey("tap_lookup=100"), {}, {ProfiledTapTier(LimitKind::kTapCpu)}};
  const SweepSection s = RenderSweepSection({r});
  EXPECT_NE(s.markdown.find("| pyparsing.core:_parseCache | 40.0 % | 40.0 % |"), std::string::npos)
      << s.markdown;
  EXPECT_NE(s.markdown.find("| gavo.adql.nodes:flatten | 31.0 % | 31.0 % |"), std::string::npos);
  EXPECT_NE(s.markdown.find("| twisted.internet.base:run | 4.0 % | 60.0 % |"), std::string::npos);
  // 1 - 9 / 10 of the throughput.
  EXPECT_NE(s.markdown.find("(10.0 % of the throughput)"), std::string::npos);
  EXPECT_NE(s.markdown.find("tap-cpu | at 8 clients the service's CPU; DaCHS spent 40.0 %"),
            std::string::npos);
  bool drawn = false;
  for (const auto& [name, svg] : s.files) {
    if (name.find("flamegraph_S.svg") == std::string::npos) continue;
    drawn = true;
    EXPECT_NE(svg.find("gavo.adql.nodes:flatten"), std::string::npos);
  }
  EXPECT_TRUE(drawn);
  EXPECT_NE(s.markdown.find("[wall time](tap_sweep_"), std::string::npos);
  EXPECT_NE(s.html.find("The service&#39;s profile, tier S"), std::string::npos);
}

TEST(ProfileSection, WithoutASamplerTheReportSaysHowToGetOne) {
  TierSweep t = ProfiledTapTier(LimitKind::kTapCpu);
  ServiceProfileRecord none;
  none.clients = 8;
  none.unavailable = "no Python sampler: make one with scripts/install-stack-debian13.sh";
  t.service_profile = ProfileToJson(none);
  const ProfilePart part = RenderServiceProfiles({TapKey("tap_lookup=100"), {}, {t}}, "p_");
  EXPECT_TRUE(part.files.empty());
  EXPECT_NE(part.markdown.find("No profile: no Python sampler: make one with "
                               "scripts/install-stack-debian13.sh"),
            std::string::npos);
  EXPECT_EQ(ProfileFindingNote(t), "");
}

}  // namespace
}  // namespace skyseed
