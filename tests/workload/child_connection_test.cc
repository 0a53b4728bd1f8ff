// ChildConnection, checked through libpq's own parser and the file system:
// the conninfo psql and pgbench get has every option but the password, and
// the password sits only in a 0600 file in a 0700 folder, gone afterwards.
#include "workload/child_connection.h"

#include <gtest/gtest.h>
#include <libpq-fe.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>

#include "loader/pg_connection.h"

namespace skyseed {
namespace {

namespace fs = std::filesystem;

std::map<std::string, std::string> ChildConnectionOptions(const std::string& conninfo) {
  std::map<std::string, std::string> out;
  PQconninfoOption* opts = PQconninfoParse(conninfo.c_str(), nullptr);
  if (opts == nullptr) return {{"unparsable", conninfo}};
  for (PQconninfoOption* o = opts; o->keyword; ++o) {
    if (o->val != nullptr) out[o->keyword] = o->val;
  }
  PQconninfoFree(opts);
  return out;
}

mode_t ChildConnectionModeOf(const fs::path& p) {
  struct stat st;
  return stat(p.c_str(), &st) == 0 ? (st.st_mode & 07777) : 0;
}

TEST(ChildConnection, KeepsEveryOptionButThePassword) {
  for (const std::string& conninfo :
       {std::string(R"(host='/tmp/a b' dbname='it\'s' user=u password='p:w\\x\'y')"),
        std::string("postgresql://u:p%3Aw@db1:5433/sky?sslmode=disable")}) {
    Result<std::string> stripped = WithoutPassword(conninfo);
    ASSERT_TRUE(stripped.ok()) << stripped.status().message();
    std::map<std::string, std::string> want = ChildConnectionOptions(conninfo);
    ASSERT_EQ(want.erase("password"), 1u);
    EXPECT_EQ(ChildConnectionOptions(*stripped), want) << *stripped;
  }
}

TEST(ChildConnection, PasswordOnlyInAPrivateFileRemovedAfterwards) {
  fs::path passfile;
  {
    Result<std::unique_ptr<ChildConnection>> c =
        ChildConnection::Prepare(R"(host=/tmp user=u password='p:w\\x')");
    ASSERT_TRUE(c.ok()) << c.status().message();
    ASSERT_EQ((*c)->environment().size(), 1u);
    const std::string& env = (*c)->environment()[0];
    ASSERT_EQ(env.rfind("PGPASSFILE=", 0), 0u);
    passfile = env.substr(std::string("PGPASSFILE=").size());
    EXPECT_EQ(ChildConnectionModeOf(passfile), 0600u);
    EXPECT_EQ(ChildConnectionModeOf(passfile.parent_path()), 0700u);
    std::ifstream in(passfile);
    EXPECT_EQ(std::string(std::istreambuf_iterator<char>(in), {}), "*:*:*:*:p\\:w\\\\x\n");
    EXPECT_EQ((*c)->conninfo().find("p:w"), std::string::npos);
  }
  EXPECT_FALSE(fs::exists(passfile.parent_path()));
}

TEST(ChildConnection, NoPasswordNoFile) {
  Result<std::unique_ptr<ChildConnection>> c = ChildConnection::Prepare("host=/tmp user=u");
  ASSERT_TRUE(c.ok());
  EXPECT_TRUE((*c)->environment().empty());
}

TEST(ChildConnection, RefusesAnSslPassword) {
  EXPECT_FALSE(ChildConnection::Prepare("host=/tmp sslpassword=s3cret").ok());
}

TEST(RedactPasswords, UnparsableUriLosesItsUserinfo) {
  const std::string uri = "postgresql://u:Secret@[::1";
  const Status s = CheckConninfo(uri);
  EXPECT_FALSE(s.ok());
  EXPECT_EQ(s.message().find("Secret"), std::string::npos) << s.message();
}

TEST(StatementName, VerbAndObjectOnly) {
  EXPECT_EQ(StatementName("INSERT INTO skyseed.tier (tier, rows) VALUES ($1, $2)"),
            "INSERT INTO skyseed.tier");
  EXPECT_EQ(StatementName("SELECT set_config('maintenance_work_mem', $1, false)"),
            "SELECT set_config");
  EXPECT_EQ(StatementName("  CREATE INDEX a_idx ON s.t USING gist (pos)"),
            "CREATE INDEX a_idx ON s.t");
  EXPECT_EQ(StatementName("COMMIT"), "COMMIT");
}

}  // namespace
}  // namespace skyseed
