#include "app/tapbench_options.h"

#include <gtest/gtest.h>

#include "common/file_writes.h"
#include "tests/temp_dir.h"

namespace skyseed {
namespace {

TEST(TapbenchOptions, QueryFilesSkipBlankAndCommentLines) {
  const std::vector<std::string> q = QueriesOfText(
      "-- cone searches\n"
      "SELECT TOP 10 * FROM ivoa.obscore\n"
      "\n"
      "   \t\r\n"
      "  SELECT 1  \r\n"
      "  -- indented comment\n"
      "SELECT 2");
  ASSERT_EQ(q.size(), 3u);
  EXPECT_EQ(q[0], "SELECT TOP 10 * FROM ivoa.obscore");
  EXPECT_EQ(q[1], "SELECT 1");
  EXPECT_EQ(q[2], "SELECT 2");
  EXPECT_TRUE(QueriesOfText("").empty());
  EXPECT_TRUE(QueriesOfText("-- only\n\n").empty());
}

class TapbenchOptionsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(WriteFileAtomically(tmp_.path() / "cones.adql", "SELECT 1\nSELECT 2\n").ok());
    ASSERT_TRUE(WriteFileAtomically(tmp_.path() / "empty.adql", "-- nothing\n").ok());
    a_.url = "http://127.0.0.1:8080/tap/";
    a_.clients = "4";
    a_.time = "2.5";
    a_.files = {"cone=" + (tmp_.path() / "cones.adql").string() + "@70"};
    a_.log = (tmp_.path() / "tap.log").string();
  }
  Status::Code Code(const TapbenchArgs& a) { return ParseTapbenchOptions(a).status().code(); }
  TempDir tmp_;
  TapbenchArgs a_;
};

TEST_F(TapbenchOptionsTest, AcceptsAGoodCommandLine) {
  Result<TapLoadOptions> o = ParseTapbenchOptions(a_);
  ASSERT_TRUE(o.ok()) << o.status().message();
  EXPECT_EQ(o->url, "http://127.0.0.1:8080/tap");
  EXPECT_EQ(o->clients, 4);
  EXPECT_EQ(o->seconds, 2.5);
  EXPECT_EQ(o->seed, 1u);
  EXPECT_EQ(o->timeout_s, 120);
  ASSERT_EQ(o->classes.size(), 1u);
  EXPECT_EQ(o->classes[0].name, "cone");
  EXPECT_EQ(o->classes[0].weight, 70);
  EXPECT_EQ(o->classes[0].queries.size(), 2u);
}

TEST_F(TapbenchOptionsTest, RefusesEachBadOption) {
  const Status::Code bad = Status::Code::kInvalidArgument;
  const std::string cones = (tmp_.path() / "cones.adql").string();
  for (const char* url : {"ftp://host/tap", "127.0.0.1:8080/tap", "http://", "http:///tap", ""}) {
    TapbenchArgs a = a_;
    a.url = url;
    EXPECT_EQ(Code(a), bad) << url;
  }
  for (const char* clients : {"0", "1001", "x", "-1"}) {
    TapbenchArgs a = a_;
    a.clients = clients;
    EXPECT_EQ(Code(a), bad) << clients;
  }
  for (const char* time : {"0", "-1", "nan", "inf", "", "5s", "86401"}) {
    TapbenchArgs a = a_;
    a.time = time;
    EXPECT_EQ(Code(a), bad) << time;
  }
  for (const std::string& file :
       {"cone=" + cones + "@101", "cone=" + cones + "@-1", "cone=" + cones, "=" + cones + "@1",
        std::string("cone=@1"), "cone=" + cones + "@0",
        "cone=" + (tmp_.path() / "empty.adql").string() + "@10",
        "cone=" + (tmp_.path() / "missing.adql").string() + "@10"}) {
    TapbenchArgs a = a_;
    a.files = {file};
    EXPECT_EQ(Code(a), bad) << file;
  }
  TapbenchArgs twice = a_;
  twice.files.push_back(a_.files[0]);
  EXPECT_EQ(Code(twice), bad);
  TapbenchArgs none = a_;
  none.files.clear();
  EXPECT_EQ(Code(none), bad);
  TapbenchArgs log = a_;
  log.log = (tmp_.path() / "no-such-folder" / "tap.log").string();
  EXPECT_EQ(Code(log), bad);
  log.log = tmp_.path().string();
  EXPECT_EQ(Code(log), bad);
  TapbenchArgs timeout = a_;
  timeout.timeout = "0";
  EXPECT_EQ(Code(timeout), bad);
}

TEST_F(TapbenchOptionsTest, AZeroWeightIsFineBesideAnother) {
  TapbenchArgs a = a_;
  a.files.push_back("off=" + (tmp_.path() / "cones.adql").string() + "@0");
  Result<TapLoadOptions> o = ParseTapbenchOptions(a);
  ASSERT_TRUE(o.ok()) << o.status().message();
  EXPECT_EQ(o->classes[1].weight, 0);
}

}  // namespace
}  // namespace skyseed
