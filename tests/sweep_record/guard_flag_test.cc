// Typed guard flags: one table names every guard once; a record keeps each
// flag's words and its guard's key, and reads them back as written, however
// the words begin; a record from before flags were typed (words alone) is
// read by the words each guard began its flags with, as skyseed wrote them.
#include "sweep_record/guard_flag.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "capacity/capacity.h"
#include "sweep_record/sweep_record.h"

namespace skyseed {
namespace {

TEST(GuardFlag, EveryGuardIsNamedOnceWithAKeyOfItsOwn) {
  std::set<std::string> names, keys;
  std::set<Guard> guards;
  for (const GuardInfo& g : GuardTable()) {
    EXPECT_TRUE(names.insert(g.name).second) << g.name;
    EXPECT_TRUE(keys.insert(g.key).second) << g.key;
    EXPECT_TRUE(guards.insert(g.guard).second) << g.name;
    EXPECT_EQ(GuardFromKey(g.key), g.guard);
    EXPECT_STREQ(GuardName(g.guard), g.name);
  }
  EXPECT_EQ(guards.size(), 8u) << "every guard but kUnknown";
  EXPECT_EQ(guards.count(Guard::kUnknown), 0u);
  EXPECT_EQ(GuardFromKey("a guard of a later skyseed"), Guard::kUnknown);
}

// Flags exactly as skyseed wrote them before they were typed.
TEST(GuardFlag, WordsAloneAreReadByHowEachGuardBeganThem) {
  const std::vector<std::pair<std::string, Guard>> recorded = {
      {"pgbench exited with code 1", Guard::kGeneratorCompleted},
      {"tapbench exited with code 2", Guard::kGeneratorCompleted},
      {"log holds 812 transactions, pgbench says 813", Guard::kGeneratorLogCount},
      {"load generator at its ceiling: 0.97 cores per pgbench thread", Guard::kGeneratorCeiling},
      {"host-contended: other processes held 1.20 cores (PostgreSQL 0.80, the load generator "
       "0.30)",
       Guard::kHostUncontended},
      {"swap grew in the window", Guard::kNoSwapping},
      {"disk headroom below 1 GiB", Guard::kDiskHeadroom},
      {"server restarted or unreachable during the window", Guard::kNoRestarts},
      {"cold: warm-up did not settle in 120 s", Guard::kWarmCache},
      {"cold cache: hit 0.9983 vs 0.9999 in the other repetitions", Guard::kWarmCache},
      {"something no guard writes", Guard::kUnknown},
  };
  for (const auto& [text, guard] : recorded) {
    EXPECT_EQ(LegacyGuardFlag(text), (GuardFlag{guard, text})) << text;
  }
}

TEST(GuardFlag, ARecordKeepsItsGuardWhateverItsWords) {
  // Words that begin like another guard's: the key decides.
  const std::vector<GuardFlag> flags = {{Guard::kNoSwapping, "cold swap"},
                                        {Guard::kUnknown, "swap grew, says a later guard"}};
  EXPECT_EQ(FlagTexts(flags),
            (std::vector<std::string>{"cold swap", "swap grew, says a later guard"}));
  EXPECT_EQ(FlagGuardKeys(flags), (std::vector<std::string>{"no_swapping", "unknown"}));
  EXPECT_EQ(RecordedFlags(FlagTexts(flags), FlagGuardKeys(flags)), flags);
  // Without keys (an old record), or keys that do not pair with the words.
  EXPECT_EQ(RecordedFlags({"swap grew in the window"}, {}),
            (std::vector<GuardFlag>{{Guard::kNoSwapping, "swap grew in the window"}}));
  EXPECT_EQ(RecordedFlags({"swap grew in the window", "host-contended"}, {"warm_cache"}),
            (std::vector<GuardFlag>{{Guard::kNoSwapping, "swap grew in the window"},
                                    {Guard::kHostUncontended, "host-contended"}}));
}

SweepWindow Flagged(std::vector<GuardFlag> flags) {
  SweepWindow w;
  w.tier = "ci";
  w.clients = 8;
  w.rep = 2;
  w.seconds = 60;
  w.flags = std::move(flags);
  return w;
}

TEST(GuardFlag, AWindowRecordWritesWordsAndGuardsAndReadsThemBack) {
  const SweepWindow w = Flagged({{Guard::kWarmCache, "cold: warm-up did not settle in 120 s"},
                                 {Guard::kHostUncontended, "host-contended: 1.2 cores"}});
  nlohmann::json j = WindowToJson(w);
  // Words where they were (scripts and the tests read them), keys beside.
  EXPECT_EQ(j["flags"], nlohmann::json::array({"cold: warm-up did not settle in 120 s",
                                               "host-contended: 1.2 cores"}));
  EXPECT_EQ(j["flag_guards"], nlohmann::json::array({"warm_cache", "host_uncontended"}));
  Result<SweepWindow> back = WindowFromJson(j);
  ASSERT_TRUE(back.ok()) << back.status().message();
  EXPECT_EQ(back->flags, w.flags);
  EXPECT_FALSE(back->valid());

  // A window recorded before typed flags: no flag_guards.
  j.erase("flag_guards");
  j["flags"] = nlohmann::json::array({"swap grew in the window", "an odd note"});
  back = WindowFromJson(j);
  ASSERT_TRUE(back.ok()) << back.status().message();
  EXPECT_EQ(back->flags, (std::vector<GuardFlag>{{Guard::kNoSwapping, "swap grew in the window"},
                                                 {Guard::kUnknown, "an odd note"}}));
  j["flags"] = nlohmann::json::array();
  back = WindowFromJson(j);
  ASSERT_TRUE(back.ok());
  EXPECT_TRUE(back->valid());
}

TEST(GuardFlag, AWindowFailingAGuardTwiceIsListedOnce) {
  SweepRecord r;
  TierSweep t;
  t.tier = "ci";
  t.windows = {Flagged({{Guard::kWarmCache, "cold: warm-up did not settle in 120 s"},
                        {Guard::kWarmCache, "cold cache: hit 0.9983 vs 0.9999"}})};
  r.tiers = {t};
  for (const GuardResult& g : SummariseGuards(r)) {
    if (g.guard == "warm cache") {
      EXPECT_EQ(g.windows, std::vector<std::string>{"ci 8 clients rep 2"});
    } else {
      EXPECT_TRUE(g.passed()) << g.guard;
    }
  }
}

}  // namespace
}  // namespace skyseed
