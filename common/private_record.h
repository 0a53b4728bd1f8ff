// A small record that only this user can write, locked by the one process
// that keeps it: what a TAP sweep started (and the proofs that it did),
// read after a kill -9 by the next skyseed to stop what is left. It lives
// beside the data directory, as the cluster lock does
// (<parent>/.<name><suffix>), never in a folder the cluster's owner can
// write: root must not act on what that user wrote. The kernel drops the
// lock when its holder exits, however it exits, so a record whose lock can
// be taken is one whose writer is gone (or done).
#pragma once

#include <filesystem>
#include <memory>
#include <string>

#include "common/status.h"

namespace skyseed {

// <parent>/.<name><suffix> for `data_dir` as the user gave it (the parent
// made canonical, so two spellings of one directory share the file).
// InvalidArgument for an empty path.
Result<std::filesystem::path> BesideDataDir(const std::string& data_dir, const char* suffix);

class PrivateRecord {
 public:
  // Opens `path` (created, mode 0600, when missing) without following a
  // link, and takes its lock without waiting: nullptr when another process
  // holds it. InvalidArgument, naming the file, when it is not a regular
  // file of this user's with one link that only this user may write.
  static Result<std::unique_ptr<PrivateRecord>> TryTake(const std::filesystem::path& path);
  // As TryTake, but nullptr also when there is no such file (nothing made).
  static Result<std::unique_ptr<PrivateRecord>> TryTakeExisting(const std::filesystem::path& path);
  ~PrivateRecord();  // releases the lock; the file stays
  PrivateRecord(const PrivateRecord&) = delete;
  PrivateRecord& operator=(const PrivateRecord&) = delete;

  Result<std::string> Read() const;
  // Replaces the whole text, in place (the lock is on this file, so it is
  // never renamed over), and syncs it.
  Status Write(const std::string& text);
  const std::filesystem::path& path() const { return path_; }

 private:
  PrivateRecord(int fd, std::filesystem::path path) : fd_(fd), path_(std::move(path)) {}
  static Result<std::unique_ptr<PrivateRecord>> Take(const std::filesystem::path& path,
                                                     bool create);
  int fd_;
  std::filesystem::path path_;
};

}  // namespace skyseed
