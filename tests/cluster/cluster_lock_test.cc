#include "cluster/cluster_lock.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/file.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "tests/temp_dir.h"

namespace skyseed {
namespace {

namespace fs = std::filesystem;

// Whether another open file description could take the lock now: what a
// second skyseed process would meet.
bool Free(const fs::path& lock_file) {
  const int fd = open(lock_file.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  const bool got = flock(fd, LOCK_EX | LOCK_NB) == 0;
  close(fd);
  return got;
}

TEST(ClusterLock, LivesBesideTheDataDirectoryAndExcludesOthersWhileHeld) {
  TempDir tmp;
  const fs::path data = tmp.path() / "data";
  const fs::path file = tmp.path() / ".data.skyseed-lock";
  {
    Result<ClusterLock> lock = ClusterLock::Acquire(data.string());
    ASSERT_TRUE(lock.ok()) << lock.status().message();
    EXPECT_EQ(lock->path(), file);
    EXPECT_TRUE(fs::is_regular_file(file));
    EXPECT_FALSE(fs::exists(data)) << "the data directory stays empty for initdb";
    EXPECT_FALSE(Free(file));
  }
  EXPECT_TRUE(Free(file));
}

TEST(ClusterLock, TwoSpellingsOfOneDirectoryShareTheLock) {
  TempDir tmp;
  fs::create_directory(tmp.path() / "sub");
  Result<ClusterLock> lock = ClusterLock::Acquire((tmp.path() / "sub/../data/").string());
  ASSERT_TRUE(lock.ok()) << lock.status().message();
  EXPECT_EQ(lock->path(), tmp.path() / ".data.skyseed-lock");
}

TEST(ClusterLock, RefusesToFollowASymlinkAtTheLockPath) {
  TempDir tmp;
  const fs::path target = tmp.path() / "elsewhere";
  fs::create_symlink(target, tmp.path() / ".data.skyseed-lock");
  Result<ClusterLock> lock = ClusterLock::Acquire((tmp.path() / "data").string());
  ASSERT_FALSE(lock.ok());
  EXPECT_NE(lock.status().message().find("symbolic link"), std::string::npos)
      << lock.status().message();
  EXPECT_FALSE(fs::exists(target)) << "nothing created through the link";
}

}  // namespace
}  // namespace skyseed
