// Plan flags on plans PostgreSQL 15 wrote for tier ci (EXPLAIN (ANALYZE,
// BUFFERS, FORMAT JSON)), each recorded from a query that shows one shape:
//   misestimate.json  mod(source_id, 7) + mod(source_id, 11) = 3 (planner: 0.5 %)
//   nested_loop.json  obscore joined to gaia_source on s_xel1, hash and merge joins off
//   filter.json       a sequential scan for phot_g_mean_mag < 12, no parallel workers
//   clean.json        a primary-key lookup with min() in an InitPlan (a Limit over an
//                     index scan the planner costs as a full one)
#include "capacity/plan_flags.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

namespace skyseed {
namespace {

std::string Plan(const std::string& name) {
  std::ifstream in(std::string(SKYSEED_TEST_PLANS_DIR) + "/" + name + ".json");
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<std::string> Kinds(const std::string& name) {
  Result<std::vector<PlanFlag>> flags = FlagPlanText(Plan(name));
  EXPECT_TRUE(flags.ok()) << name;
  std::vector<std::string> out;
  if (flags.ok()) {
    for (const PlanFlag& f : *flags)
      out.push_back(std::string(PlanFlagName(f.kind)) + ": " + f.node);
  }
  return out;
}

bool Has(const std::vector<std::string>& kinds, const std::string& flag) {
  return std::find(kinds.begin(), kinds.end(), flag) != kinds.end();
}

// The Gather expected 500 rows and got 5,259; its workers' index-only scan
// also threw 94,740 rows away in the filter (both true of this plan).
TEST(PlanFlags, MisestimateOfTheGatherAboveTheScan) {
  const std::vector<std::string> k = Kinds("misestimate");
  EXPECT_TRUE(Has(k, "misestimate: Gather"));
  EXPECT_TRUE(Has(k, "filter-waste: Index Only Scan on gaia_source using gaia_source_pkey"));
  EXPECT_EQ(k.size(), 2u);
}

// 10,000 outer rows, the memoized inner index scan looked up for each; the
// join was estimated at 10,000 rows and returned none.
TEST(PlanFlags, NestedLoopWhoseInnerSideRanPerOuterRow) {
  const std::vector<std::string> k = Kinds("nested_loop");
  EXPECT_TRUE(Has(k, "nested-loop-inner: Nested Loop"));
  EXPECT_TRUE(Has(k, "misestimate: Nested Loop"));
}

// 99,778 of 100,000 rows removed; 731 estimated against 222 is no misestimate.
TEST(PlanFlags, FilterThatThrowsMostRowsAway) {
  EXPECT_EQ(Kinds("filter"), (std::vector<std::string>{"filter-waste: Seq Scan on gaia_source"}));
}

TEST(PlanFlags, NoneOnAKeyLookupNorBelowALimit) { EXPECT_TRUE(Kinds("clean").empty()); }

TEST(PlanFlags, NestedLoopFlagOnlyWhereThePlanHasOne) {
  for (const char* name : {"misestimate", "filter", "clean"}) {
    for (const std::string& k : Kinds(name)) EXPECT_EQ(k.find("nested-loop"), std::string::npos);
  }
}

TEST(PlanFlags, RefusesWhatIsNotAPlan) {
  EXPECT_FALSE(FlagPlanText("").ok());
  EXPECT_FALSE(FlagPlanText("[]").ok());
  EXPECT_FALSE(FlagPlanText("{\"Plan\": 1}").ok());
  EXPECT_FALSE(FlagPlanText("[{\"Plan\": {\"Plans\": 3}}]").ok());
}

}  // namespace
}  // namespace skyseed
