#include "cluster/pg_stack.h"

#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "tests/temp_dir.h"

namespace skyseed {
namespace {

namespace fs = std::filesystem;

// A root holding what a stack needs, laid out as Debian's packages lay it:
// the three server programs (empty executables) and pg_sphere's control file.
void MakeStackRoot(const fs::path& root, int major) {
  const fs::path bin = root / ("usr/lib/postgresql/" + std::to_string(major) + "/bin");
  fs::create_directories(bin);
  for (const char* program : {"initdb", "pg_ctl", "postgres"}) {
    std::ofstream(bin / program) << "#!/bin/sh\n";
    fs::permissions(bin / program, fs::perms::owner_all);
  }
  const fs::path ext = root / ("usr/share/postgresql/" + std::to_string(major) + "/extension");
  fs::create_directories(ext);
  std::ofstream(ext / "pg_sphere.control") << "default_version = '1.5.1'\n";
}

void WriteFile(const fs::path& p, const std::string& text) { std::ofstream(p) << text; }

class PgStackTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_FALSE(tmp_.path().empty());
    stacks_ = tmp_.path() / "stacks";
    fs::create_directories(stacks_);
    chmod(stacks_.c_str(), 0755);
    setenv("SKYSEED_STACKS_DIR", stacks_.c_str(), 1);
    // The host's stacks are whatever this machine has; one known host bindir
    // keeps the tests about the roots.
    MakeStackRoot(tmp_.path() / "host", 15);
    setenv("SKYSEED_PG_BINDIR", (tmp_.path() / "host/usr/lib/postgresql/15/bin").c_str(), 1);
  }
  void TearDown() override {
    unsetenv("SKYSEED_STACKS_DIR");
    unsetenv("SKYSEED_PG_BINDIR");
  }
  TempDir tmp_{0755};
  fs::path stacks_;
};

TEST_F(PgStackTest, ARootOfStacksDirIsFoundByItsName) {
  if (geteuid() != 0) GTEST_SKIP() << "roots are root-owned";
  MakeStackRoot(stacks_ / "debian13", 17);
  chmod((stacks_ / "debian13").c_str(), 0755);
  Result<PgStack> s = StackForNewCluster("debian13");
  ASSERT_TRUE(s.ok()) << s.status().message();
  EXPECT_EQ(s->major, 17);
  EXPECT_EQ(s->root, (stacks_ / "debian13").string());
  EXPECT_EQ(s->RunPath("postgres"), "/usr/lib/postgresql/17/bin/postgres");
  EXPECT_EQ(s->HostPath("postgres"),
            (stacks_ / "debian13/usr/lib/postgresql/17/bin/postgres").string());
}

// Its programs run chrooted and its folders receive bind mounts made as
// root: a root another user could write is no stack.
TEST_F(PgStackTest, ARootOthersCanWriteIsIgnored) {
  if (geteuid() != 0) GTEST_SKIP() << "roots are root-owned";
  MakeStackRoot(stacks_ / "debian13", 17);
  chmod((stacks_ / "debian13").c_str(), 0775);
  Result<PgStack> s = StackForNewCluster("debian13");
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.status().message().find("install-stack-debian13.sh"), std::string::npos)
      << s.status().message();
  chmod((stacks_ / "debian13").c_str(), 0755);
  chown((stacks_ / "debian13").c_str(), 1, 1);
  EXPECT_FALSE(StackForNewCluster("debian13").ok());
}

TEST_F(PgStackTest, ARootWithoutPgSphereIsNoStack) {
  if (geteuid() != 0) GTEST_SKIP() << "roots are root-owned";
  MakeStackRoot(stacks_ / "debian13", 17);
  chmod((stacks_ / "debian13").c_str(), 0755);
  fs::remove(stacks_ / "debian13/usr/share/postgresql/17/extension/pg_sphere.control");
  EXPECT_FALSE(StackForNewCluster("debian13").ok());
}

// An existing cluster is bound to its major version, whatever is asked.
TEST_F(PgStackTest, AnExistingClusterKeepsTheStackOfItsVersion) {
  if (geteuid() != 0) GTEST_SKIP() << "roots are root-owned";
  unsetenv("SKYSEED_PG_BINDIR");  // the host's own majors; 17 is only in the root
  if (fs::exists("/usr/lib/postgresql/17")) GTEST_SKIP() << "the host has PostgreSQL 17";
  MakeStackRoot(stacks_ / "debian13", 17);
  chmod((stacks_ / "debian13").c_str(), 0755);
  const fs::path data = tmp_.path() / "data";
  fs::create_directories(data);
  WriteFile(data / "PG_VERSION", "17\n");
  Result<PgStack> s = StackForCluster(data, "");
  ASSERT_TRUE(s.ok()) << s.status().message();
  EXPECT_EQ(s->name, "debian13");
  Result<PgStack> other = StackForCluster(data, "host");
  ASSERT_FALSE(other.ok());
  EXPECT_NE(other.status().message().find("PostgreSQL 17"), std::string::npos);
  WriteFile(data / "PG_VERSION", "11\n");
  EXPECT_FALSE(StackForCluster(data, "").ok());
}

TEST_F(PgStackTest, AnUnknownStackNamesWhatIsInstalled) {
  Result<PgStack> s = StackForNewCluster("debian99");
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.status().message().find("installed:"), std::string::npos) << s.status().message();
}

}  // namespace
}  // namespace skyseed
