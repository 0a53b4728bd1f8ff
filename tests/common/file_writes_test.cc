// Every writer of skyseed against a link planted where it writes: the
// shared helper (common/file_writes.h) and the writers built on it. Each
// test looks at the file system itself afterwards: the link's target is
// untouched, the file is in place, its mode is what was asked.
#include "common/file_writes.h"

#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "cluster/owned_file.h"
#include "copy_format/byte_buffer.h"
#include "loader/copy_file.h"
#include "tests/temp_dir.h"

namespace skyseed {
namespace {

namespace fs = std::filesystem;

void Put(const fs::path& path, const std::string& text) { std::ofstream(path) << text; }

mode_t ModeOf(const fs::path& path) {
  struct stat st;
  return lstat(path.c_str(), &st) == 0 ? (st.st_mode & 07777) : 0;
}

// A victim outside the output folder, and a link to it planted as the
// temporary of `name`.
struct Planted {
  explicit Planted(const TempDir& tmp, const std::string& name)
      : victim(tmp.path() / "victim"), out(tmp.path() / "out") {
    fs::create_directory(out);
    Put(victim, "precious\n");
    fs::create_symlink(victim, out / (name + ".partial"));
  }
  fs::path victim, out;
};

TEST(FileWrites, RefusesALinkPlantedAsTheTemporary) {
  TempDir tmp;
  Planted p(tmp, "report.html");
  const Status s = WriteFileAtomically(p.out / "report.html", "<html>");
  EXPECT_FALSE(s.ok());
  EXPECT_NE(s.message().find("symbolic link"), std::string::npos) << s.message();
  EXPECT_EQ(s.message().find('\n'), std::string::npos);
  EXPECT_EQ(Slurp(p.victim), "precious\n");
  EXPECT_FALSE(fs::exists(p.out / "report.html"));
  EXPECT_TRUE(fs::is_symlink(p.out / "report.html.partial"));  // left for the user to see
}

TEST(FileWrites, RefusesADanglingLink) {
  TempDir tmp;
  fs::create_symlink(tmp.path() / "not-yet", tmp.path() / "f.partial");
  EXPECT_FALSE(WriteFileAtomically(tmp.path() / "f", "x").ok());
  EXPECT_FALSE(fs::exists(tmp.path() / "not-yet"));  // not created through the link
}

TEST(FileWrites, ReplacesAStaleRegularTemporaryAndALinkAtTheRealName) {
  TempDir tmp;
  Put(tmp.path() / "f.partial", "half a file from a killed run");
  Put(tmp.path() / "victim", "precious\n");
  fs::create_symlink(tmp.path() / "victim", tmp.path() / "f");
  ASSERT_TRUE(WriteFileAtomically(tmp.path() / "f", "whole\n").ok());
  EXPECT_FALSE(fs::is_symlink(tmp.path() / "f"));  // rename replaced the link itself
  EXPECT_EQ(Slurp(tmp.path() / "f"), "whole\n");
  EXPECT_EQ(Slurp(tmp.path() / "victim"), "precious\n");
  EXPECT_FALSE(fs::exists(tmp.path() / "f.partial"));
}

TEST(FileWrites, ExactModeIsSetWhateverTheUmask) {
  TempDir tmp;
  const mode_t old = umask(0);
  FileAccess access;
  access.create_mode = access.exact_mode.emplace(0600);
  const Status s = WriteFileAtomically(tmp.path() / "secret", "pw\n", access);
  const Status e = WriteFileAtomically(tmp.path() / "run.sh", "#!/bin/sh\n", true);
  umask(old);
  ASSERT_TRUE(s.ok() && e.ok());
  EXPECT_EQ(ModeOf(tmp.path() / "secret"), 0600u);
  EXPECT_EQ(ModeOf(tmp.path() / "run.sh"), 0777u);
}

TEST(FileWrites, CreateFreshFileRefusesALinkAndReplacesAFile) {
  TempDir tmp;
  Planted p(tmp, "pgbench.out");
  EXPECT_FALSE(CreateFreshFile(p.out / "pgbench.out.partial").ok());
  EXPECT_EQ(Slurp(p.victim), "precious\n");
  Put(p.out / "old.out", "earlier run");
  Result<int> fd = CreateFreshFile(p.out / "old.out");
  ASSERT_TRUE(fd.ok());
  close(*fd);
  EXPECT_EQ(Slurp(p.out / "old.out"), "");
}

TEST(FileWrites, AppendRefusesALink) {
  TempDir tmp;
  Put(tmp.path() / "victim", "precious\n");
  fs::create_symlink(tmp.path() / "victim", tmp.path() / "postgresql.conf");
  EXPECT_FALSE(AppendToFile(tmp.path() / "postgresql.conf", "include x\n").ok());
  EXPECT_EQ(Slurp(tmp.path() / "victim"), "precious\n");
  Put(tmp.path() / "real.conf", "a\n");
  ASSERT_TRUE(AppendToFile(tmp.path() / "real.conf", "b\n").ok());
  EXPECT_EQ(Slurp(tmp.path() / "real.conf"), "a\nb\n");
}

// The writers built on the helper: generate's chunk files and the embedded
// cluster's own files (written as root into a folder the server's user owns).
TEST(FileWrites, ChunkFilesAndClusterFilesRefuseAPlantedLink) {
  TempDir tmp;
  Planted chunk(tmp, "gaia.source.000000000000-000000000010.pgcopy.zst");
  ByteBuffer tuples;
  EXPECT_FALSE(
      WriteCopyFile((chunk.out / "gaia.source.000000000000-000000000010.pgcopy.zst").string(),
                    tuples)
          .ok());
  EXPECT_EQ(Slurp(chunk.victim), "precious\n");
  fs::create_symlink(chunk.victim, chunk.out / "skyseed.conf.partial");
  EXPECT_FALSE(WriteOwnedFile(chunk.out / "skyseed.conf", "x = 1\n", RunAs{}).ok());
  EXPECT_EQ(Slurp(chunk.victim), "precious\n");
  ASSERT_TRUE(WriteOwnedFile(chunk.out / "skyseed-cluster", "marker\n", RunAs{}).ok());
  EXPECT_EQ(ModeOf(chunk.out / "skyseed-cluster"), 0600u);
}

}  // namespace
}  // namespace skyseed
