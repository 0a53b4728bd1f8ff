// One skyseed process at a time initialises, starts or stops an embedded
// cluster. Two grows on one cluster (of two databases, say) would otherwise
// both run initdb in one new directory, or both start its server, the
// loser's pg_ctl failing on the winner's postmaster.pid. The lock is an
// flock(2) on a file beside the data directory (a new one must be empty for
// initdb, so the file cannot live inside it): <parent>/.<name>.skyseed-lock.
// The kernel drops it when its holder exits, however it exits, so a stale
// lock file is harmless and never removed.
#pragma once

#include <filesystem>
#include <string>

#include "common/status.h"

namespace skyseed {

class ClusterLock {
 public:
  // Blocks until this process holds the lock of `data_dir` (as the user gave
  // it: a relocated cluster is locked at its link). The lock file is opened
  // without following a symlink, so nobody can make skyseed create or lock a
  // file elsewhere.
  static Result<ClusterLock> Acquire(const std::string& data_dir);

  ClusterLock(ClusterLock&& other) noexcept;
  ClusterLock& operator=(ClusterLock&&) = delete;
  ClusterLock(const ClusterLock&) = delete;
  ~ClusterLock();

  const std::filesystem::path& path() const { return path_; }

 private:
  ClusterLock(int fd, std::filesystem::path path) : fd_(fd), path_(std::move(path)) {}
  int fd_ = -1;
  std::filesystem::path path_;
};

// The lock file of `data_dir`: beside it, named after it.
Result<std::filesystem::path> ClusterLockPath(const std::string& data_dir);

}  // namespace skyseed
