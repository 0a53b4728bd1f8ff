#include "workload/pgbench_log.h"

#include <gtest/gtest.h>

namespace skyseed {
namespace {

TEST(PgbenchLog, ParsesEveryFieldForm) {
  const std::string log =
      "0 1 1523 0 1700000000 999999\n"
      "1 7 failed 2 1700000001 5\n"
      "3 2 skipped 1 1700000002 0 120\n"
      "2 9 88 4 1700000003 10 0 3\n";
  Result<std::vector<TransactionRecord>> r = ParsePgbenchLog(log);
  ASSERT_TRUE(r.ok()) << r.status().message();
  ASSERT_EQ(r->size(), 4u);
  EXPECT_EQ((*r)[0].latency_us, 1523);
  EXPECT_EQ((*r)[0].end_us, 1700000000LL * 1000000 + 999999);
  EXPECT_TRUE((*r)[1].failed);
  EXPECT_EQ((*r)[1].script, 2);
  EXPECT_TRUE((*r)[2].skipped);
  EXPECT_EQ((*r)[3].client, 2);
  EXPECT_EQ((*r)[3].script, 4);
}

TEST(PgbenchLog, DropsALastLineCutShort) {
  Result<std::vector<TransactionRecord>> r = ParsePgbenchLog("0 1 15 0 1700000000 1\n0 2 1");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->size(), 1u);
}

TEST(PgbenchLog, RejectsWhatIsNotARecord) {
  for (const char* bad : {"x 1 15 0 1700000000 1\n", "0 1 15 0 1700000000\n",
                          "0 1 -5 0 1700000000 1\n", "0 1 15 0 1700000000 1000000\n",
                          "0 1 15 0 1700000000 1 2 3 4\n", "0  1 15 0 1700000000 1\n"}) {
    Result<std::vector<TransactionRecord>> r = ParsePgbenchLog(bad);
    EXPECT_FALSE(r.ok()) << bad;
  }
}

}  // namespace
}  // namespace skyseed
