// loader/conninfo, read back by libpq's own parser (PQconninfoParse), not
// by anything of skyseed's: every value comes back as it went in.
#include "loader/conninfo.h"

#include <gtest/gtest.h>
#include <libpq-fe.h>

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace skyseed {
namespace {

// The options libpq sets from `conninfo`; {"unparsable", conninfo} if none.
std::map<std::string, std::string> LibpqReads(const std::string& conninfo) {
  char* error = nullptr;
  PQconninfoOption* opts = PQconninfoParse(conninfo.c_str(), &error);
  if (opts == nullptr) {
    PQfreemem(error);
    return {{"unparsable", conninfo}};
  }
  std::map<std::string, std::string> out;
  for (PQconninfoOption* o = opts; o->keyword; ++o) {
    if (o->val != nullptr) out[o->keyword] = o->val;
  }
  PQconninfoFree(opts);
  return out;
}

const std::vector<std::string> kAwkwardValues = {"/var/tmp/skyseed-data",
                                                 "/tmp/a b",
                                                 "it's",
                                                 "back\\slash",
                                                 "",
                                                 "\\'",
                                                 "trailing ",
                                                 " leading",
                                                 "tab\there",
                                                 "new\nline",
                                                 "x=y",
                                                 "'",
                                                 "\\",
                                                 "say \"hi\"",
                                                 "a  b",
                                                 "ends\\",
                                                 "=",
                                                 "host=evil x=",
                                                 "ünïcode",
                                                 "''"};

TEST(ConninfoValueTest, RoundTripsThroughLibpq) {
  for (const std::string& value : kAwkwardValues) {
    const std::string conninfo = "dbname=" + ConninfoValue(value) + " user=u";
    const std::map<std::string, std::string> read = LibpqReads(conninfo);
    EXPECT_EQ(read.count("unparsable"), 0u) << conninfo;
    EXPECT_EQ(read.count("dbname") ? read.at("dbname") : "<unset>", value) << conninfo;
    EXPECT_EQ(read.count("user") ? read.at("user") : "<unset>", "u") << conninfo;
  }
}

// Plain values stay as they are, so a conninfo in a message reads as typed.
TEST(ConninfoValueTest, LeavesPlainValuesBare) {
  EXPECT_EQ(ConninfoValue("/var/tmp/skyseed-data"), "/var/tmp/skyseed-data");
  EXPECT_EQ(ConninfoValue("5432"), "5432");
  EXPECT_EQ(ConninfoValue(""), "''");
  EXPECT_EQ(ConninfoValue("a b"), "'a b'");
}

TEST(ConninfoOfTest, EveryFieldComesBack) {
  std::vector<std::pair<std::string, std::string>> fields;
  const char* keywords[] = {"host", "dbname", "user", "application_name", "options"};
  for (size_t i = 0; i < kAwkwardValues.size(); ++i) {
    fields = {{keywords[i % 5], kAwkwardValues[i]}, {"port", "5432"}};
    const std::map<std::string, std::string> read = LibpqReads(ConninfoOf(fields));
    EXPECT_EQ(read.count(keywords[i % 5]) ? read.at(keywords[i % 5]) : "<unset>", kAwkwardValues[i])
        << ConninfoOf(fields);
    EXPECT_EQ(read.count("port") ? read.at("port") : "<unset>", "5432");
  }
  EXPECT_EQ(ConninfoOf({}), "");
  EXPECT_EQ(ConninfoOf({{"host", "/d"}, {"dbname", "x y"}}), "host=/d dbname='x y'");
}

}  // namespace
}  // namespace skyseed
