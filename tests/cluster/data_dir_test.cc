#include "cluster/data_dir.h"

#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "tests/temp_dir.h"

namespace skyseed {
namespace {

namespace fs = std::filesystem;

size_t Occurrences(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(ResolveDataDirTest, MakesThePathAbsoluteAndNormal) {
  Result<fs::path> rel = ResolveDataDir("some/dir");
  ASSERT_TRUE(rel.ok()) << rel.status().message();
  EXPECT_EQ(*rel, fs::current_path() / "some/dir");
  Result<fs::path> messy = ResolveDataDir("/var/tmp/./a/../skyseed-data/");
  ASSERT_TRUE(messy.ok()) << messy.status().message();
  EXPECT_EQ(messy->string(), "/var/tmp/skyseed-data");
}

// A relocated cluster is reached through its link.
TEST(ResolveDataDirTest, FollowsSymlinks) {
  TempDir tmp;
  ASSERT_FALSE(tmp.path().empty());
  fs::create_directory(tmp.path() / "real");
  fs::create_directory_symlink(tmp.path() / "real", tmp.path() / "link");
  Result<fs::path> dir = ResolveDataDir((tmp.path() / "link").string());
  ASSERT_TRUE(dir.ok()) << dir.status().message();
  EXPECT_EQ(*dir, fs::canonical(tmp.path() / "real"));
}

TEST(ResolveDataDirTest, RefusesPathsNoConninfoOrSettingCanHold) {
  for (const std::string& bad :
       {std::string(""), std::string("/tmp/a,b"), std::string("/tmp/line\nbreak")}) {
    Result<fs::path> dir = ResolveDataDir(bad);
    ASSERT_FALSE(dir.ok()) << bad;
    EXPECT_EQ(dir.status().code(), Status::Code::kInvalidArgument);
    EXPECT_TRUE(IsDataDirError(dir.status())) << dir.status().message();
    EXPECT_EQ(dir.status().message().find('\n'), std::string::npos) << dir.status().message();
  }
}

// A unix socket path holds 107 bytes (sun_path is 108, NUL included), and the
// server's is <dir>/.s.PGSQL.5432: 14 of them after the directory.
// pg_ctl starts the postmaster through /bin/sh, the path in double quotes.
TEST(ResolveDataDirTest, RefusesPathsAShellWouldInterpret) {
  for (const char* bad : {"/tmp/it's", "/tmp/say\"hi", "/tmp/back`tick", "/tmp/x$(id)y",
                          "/tmp/$HOME", "/tmp/back\\slash"}) {
    Result<fs::path> dir = ResolveDataDir(bad);
    ASSERT_FALSE(dir.ok()) << bad;
    EXPECT_EQ(dir.status().code(), Status::Code::kInvalidArgument);
    EXPECT_TRUE(IsDataDirError(dir.status())) << dir.status().message();
    EXPECT_NE(dir.status().message().find("shell"), std::string::npos) << dir.status().message();
  }
  EXPECT_TRUE(ResolveDataDir("/tmp/spaces and (parens) are fine").ok());
}

TEST(ResolveDataDirTest, LeavesRoomForTheServersSocket) {
  const std::string longest = "/tmp/" + std::string(107 - 14 - 5, 'd');
  EXPECT_TRUE(ResolveDataDir(longest).ok()) << longest.size();
  Result<fs::path> too_long = ResolveDataDir(longest + "d");
  ASSERT_FALSE(too_long.ok());
  EXPECT_TRUE(IsDataDirError(too_long.status()));
  EXPECT_NE(too_long.status().message().find("too long"), std::string::npos);
  EXPECT_NE(too_long.status().message().find("/var/tmp/skyseed-data"), std::string::npos);
}

TEST(ClassifyDirTest, TellsWhatAFolderHolds) {
  TempDir tmp;
  ASSERT_FALSE(tmp.path().empty());
  const fs::path root = tmp.path();
  EXPECT_EQ(*ClassifyDir(root / "missing"), DirKind::kMissing);
  fs::create_directory(root / "empty");
  EXPECT_EQ(*ClassifyDir(root / "empty"), DirKind::kEmpty);
  std::ofstream(root / "file") << "x";
  EXPECT_EQ(*ClassifyDir(root / "file"), DirKind::kNotDirectory);
  fs::create_directory(root / "notes");
  std::ofstream(root / "notes" / "notes.txt") << "field notes";
  EXPECT_EQ(*ClassifyDir(root / "notes"), DirKind::kOther);
  fs::create_directory(root / "theirs");
  std::ofstream(root / "theirs" / "PG_VERSION") << "15\n";
  EXPECT_EQ(*ClassifyDir(root / "theirs"), DirKind::kForeignCluster);
  fs::create_directory(root / "ours");
  std::ofstream(root / "ours" / "PG_VERSION") << "15\n";
  ASSERT_TRUE(WriteMarker(root / "ours", RunAs{}).ok());
  EXPECT_EQ(*ClassifyDir(root / "ours"), DirKind::kOurs);
  // The marker alone, without a cluster, is no cluster.
  fs::create_directory(root / "marker-only");
  ASSERT_TRUE(WriteMarker(root / "marker-only", RunAs{}).ok());
  EXPECT_EQ(*ClassifyDir(root / "marker-only"), DirKind::kOther);
}

TEST(NotOursMessageTest, RefusalsNameTheFolderAndBlameIt) {
  const fs::path dir = "/srv/some place";
  for (DirKind kind : {DirKind::kForeignCluster, DirKind::kOther, DirKind::kNotDirectory}) {
    const std::string message = NotOursMessage(dir, kind);
    EXPECT_EQ(message.rfind("data directory /srv/some place ", 0), 0u) << message;
    EXPECT_TRUE(IsDataDirError(Status::InvalidArgument(message))) << message;
    EXPECT_EQ(message.find("--"), std::string::npos) << "names no option: " << message;
  }
  EXPECT_NE(NotOursMessage(dir, DirKind::kForeignCluster).find("did not create"),
            std::string::npos);
  EXPECT_EQ(NotOursMessage(dir, DirKind::kMissing), "no skyseed cluster in /srv/some place");
}

TEST(IsDataDirErrorTest, OnlyFailuresOfTheFolder) {
  EXPECT_FALSE(IsDataDirError(Status::Ok()));
  EXPECT_FALSE(IsDataDirError(Status::Database("could not start PostgreSQL in /d: FATAL: x")));
  EXPECT_FALSE(IsDataDirError(Status::InvalidArgument("running as root, but there is no user")));
  EXPECT_TRUE(IsDataDirError(Status::InvalidArgument("data directory /d is not writable: x")));
}

TEST(PrepareDataDirTest, CreatesAMissingFolder) {
  TempDir tmp;
  ASSERT_FALSE(tmp.path().empty());
  const fs::path dir = tmp.path() / "a" / "b";
  ASSERT_TRUE(PrepareDataDir(dir, DirKind::kMissing, RunAs{}).ok());
  EXPECT_TRUE(fs::is_directory(dir));
  std::ofstream(tmp.path() / "file") << "x";
  const Status blocked = PrepareDataDir(tmp.path() / "file" / "x", DirKind::kMissing, RunAs{});
  ASSERT_FALSE(blocked.ok());
  EXPECT_TRUE(IsDataDirError(blocked)) << blocked.message();
}

TEST(WriteSettingsTest, WritesTheFileAndIncludesItOnce) {
  TempDir tmp;
  ASSERT_FALSE(tmp.path().empty());
  const fs::path dir = tmp.path();
  EXPECT_EQ(WriteSettings(dir, "port = 5432\n", RunAs{}).code(), Status::Code::kIoError)
      << "no postgresql.conf: not an initialized cluster";
  std::ofstream(dir / "postgresql.conf") << "max_connections = 100\n";
  ASSERT_TRUE(WriteSettings(dir, "port = 5432\n", RunAs{}).ok());
  ASSERT_TRUE(WriteSettings(dir, "work_mem = 64MB\n", RunAs{}).ok());
  const std::string settings = Slurp(dir / "skyseed.conf");
  EXPECT_EQ(settings.rfind("# ", 0), 0u) << "says it is rewritten: " << settings;
  EXPECT_NE(settings.find("\nwork_mem = 64MB\n"), std::string::npos) << settings;
  EXPECT_EQ(settings.find("port"), std::string::npos) << "the latest settings only";
  EXPECT_EQ((fs::status(dir / "skyseed.conf").permissions() & fs::perms::all),
            fs::perms::owner_read | fs::perms::owner_write);
  const std::string conf = Slurp(dir / "postgresql.conf");
  EXPECT_EQ(conf.rfind("max_connections = 100\n", 0), 0u) << conf;
  EXPECT_EQ(Occurrences(conf, "include_if_exists = 'skyseed.conf'\n"), 1u) << conf;
  EXPECT_FALSE(fs::exists(dir / "skyseed.conf.tmp"));
}

}  // namespace
}  // namespace skyseed
