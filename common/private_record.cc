#include "common/private_record.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <system_error>

namespace skyseed {

namespace fs = std::filesystem;

Result<fs::path> BesideDataDir(const std::string& data_dir, const char* suffix) {
  if (data_dir.empty()) return Status::InvalidArgument("data directory path is empty");
  std::error_code ec;
  fs::path abs = fs::absolute(data_dir, ec).lexically_normal();
  if (ec) return Status::InvalidArgument("data directory " + data_dir + ": " + ec.message());
  // "dir/" normalizes to "dir/" with an empty file name.
  if (abs.filename().empty()) abs = abs.parent_path();
  // The parent canonical, so that two spellings of one directory share the
  // file; the name itself not, so that a relocated cluster's link is found
  // where the user named it, before and after the link exists.
  fs::path parent = abs.parent_path();
  fs::create_directories(parent, ec);
  parent = fs::weakly_canonical(parent, ec);
  if (ec) return Status::InvalidArgument("data directory " + abs.string() + ": " + ec.message());
  std::string name = ".";  // appended, not "." + ...: GCC 12 warns falsely (-Wrestrict)
  name += abs.filename().string();
  name += suffix;
  return parent / name;
}

Result<std::unique_ptr<PrivateRecord>> PrivateRecord::Take(const fs::path& path, bool create) {
  // O_NONBLOCK: a FIFO planted there must not block the open.
  const int fd = open(path.c_str(),
                      O_RDWR | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK | (create ? O_CREAT : 0), 0600);
  if (fd < 0) {
    const int err = errno;
    if (!create && err == ENOENT) return std::unique_ptr<PrivateRecord>();
    return Status::InvalidArgument("refusing " + path.string() + ": " +
                                   (err == ELOOP ? "it is a symbolic link" : std::strerror(err)));
  }
  std::unique_ptr<PrivateRecord> record(new PrivateRecord(fd, path));
  struct stat st;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_uid != geteuid() || st.st_nlink != 1 ||
      (st.st_mode & (S_IWGRP | S_IWOTH)) != 0) {
    return Status::InvalidArgument("refusing " + path.string() +
                                   ": it is not a regular file of this user's that only this user "
                                   "may write");
  }
  while (flock(fd, LOCK_EX | LOCK_NB) != 0) {
    if (errno == EINTR) continue;
    if (errno == EWOULDBLOCK) return std::unique_ptr<PrivateRecord>();
    return Status::IoError("cannot lock " + path.string() + ": " + std::strerror(errno));
  }
  return record;
}

Result<std::unique_ptr<PrivateRecord>> PrivateRecord::TryTake(const fs::path& path) {
  return Take(path, true);
}

Result<std::unique_ptr<PrivateRecord>> PrivateRecord::TryTakeExisting(const fs::path& path) {
  return Take(path, false);
}

PrivateRecord::~PrivateRecord() { close(fd_); }

Result<std::string> PrivateRecord::Read() const {
  std::string text;
  char buf[4096];
  for (off_t at = 0;;) {
    const ssize_t n = pread(fd_, buf, sizeof buf, at);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return Status::IoError("reading " + path_.string() + ": " + std::strerror(errno));
    if (n == 0 || text.size() > (1 << 20)) return text;
    text.append(buf, static_cast<size_t>(n));
    at += n;
  }
}

Status PrivateRecord::Write(const std::string& text) {
  if (ftruncate(fd_, 0) != 0) {
    return Status::IoError("truncating " + path_.string() + ": " + std::strerror(errno));
  }
  for (size_t at = 0; at < text.size();) {
    const ssize_t n = pwrite(fd_, text.data() + at, text.size() - at, static_cast<off_t>(at));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return Status::IoError("writing " + path_.string() + ": " + std::strerror(errno));
    at += static_cast<size_t>(n);
  }
  if (fsync(fd_) != 0) return Status::IoError("syncing " + path_.string());
  return Status::Ok();
}

}  // namespace skyseed
