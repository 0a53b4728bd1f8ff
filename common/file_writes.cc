#include "common/file_writes.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace skyseed {

namespace fs = std::filesystem;

namespace {

constexpr char kPartialSuffix[] = ".partial";

std::string Why(int err) { return std::strerror(err); }

Status LinkRefused(const fs::path& path) {
  return Status::IoError("refusing to write " + path.string() +
                         ": it is a symbolic link (or not a regular file); nothing was written "
                         "through it; remove it and run again");
}

Status WriteAll(int fd, std::string_view content, const fs::path& path) {
  while (!content.empty()) {
    const ssize_t n = write(fd, content.data(), content.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return Status::IoError("cannot write " + path.string() + ": " + Why(errno));
    content.remove_prefix(static_cast<size_t>(n));
  }
  return Status::Ok();
}

// Closes fd whatever happens; the first failure wins.
Status WriteAndClose(int fd, std::string_view content, const fs::path& path,
                     const FileAccess& access) {
  Status s = WriteAll(fd, content, path);
  // On the descriptor, not the name: the name may have been swapped for a
  // link since it was created.
  if (s.ok() && access.owner && fchown(fd, access.owner->first, access.owner->second) != 0) {
    s = Status::IoError("cannot set the owner of " + path.string() + ": " + Why(errno));
  }
  if (s.ok() && access.exact_mode && fchmod(fd, *access.exact_mode) != 0) {
    s = Status::IoError("cannot set the mode of " + path.string() + ": " + Why(errno));
  }
  if (close(fd) != 0 && s.ok()) {
    s = Status::IoError("cannot write " + path.string() + " (disk full?): " + Why(errno));
  }
  return s;
}

}  // namespace

Result<int> CreateFreshFile(const fs::path& path, mode_t mode) {
  struct stat st;
  if (lstat(path.c_str(), &st) == 0) {
    if (!S_ISREG(st.st_mode)) return LinkRefused(path);
    // A leftover of a killed run: unlinking removes only this name, even
    // for a hard link to someone else's file, so it is safe to do.
    if (unlink(path.c_str()) != 0 && errno != ENOENT) {
      return Status::IoError("cannot remove the stale " + path.string() + ": " + Why(errno));
    }
  }
  const int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode);
  if (fd >= 0) return fd;
  // EEXIST: something was put there after the unlink; ELOOP: a link.
  if (errno == EEXIST || errno == ELOOP) return LinkRefused(path);
  return Status::IoError("cannot create " + path.string() + ": " + Why(errno));
}

Status WriteFileAtomically(const fs::path& path, std::string_view content, bool executable) {
  FileAccess access;
  if (executable) access.create_mode = 0777;
  return WriteFileAtomically(path, content, access);
}

Status WriteFileAtomically(const fs::path& path, std::string_view content,
                           const FileAccess& access) {
  const fs::path tmp = path.string() + kPartialSuffix;
  SKYSEED_ASSIGN_OR_RETURN(int fd, CreateFreshFile(tmp, access.create_mode));
  const Status written = WriteAndClose(fd, content, tmp, access);
  if (!written.ok()) {
    unlink(tmp.c_str());
    return written;
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    const int err = errno;
    unlink(tmp.c_str());
    return Status::IoError("cannot rename " + tmp.string() + " to " + path.string() + ": " +
                           Why(err));
  }
  return Status::Ok();
}

Status AppendToFile(const fs::path& path, std::string_view text) {
  const int fd = open(path.c_str(), O_WRONLY | O_APPEND | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0 && errno == ELOOP) return LinkRefused(path);
  if (fd < 0) return Status::IoError("cannot append to " + path.string() + ": " + Why(errno));
  struct stat st;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    close(fd);
    return LinkRefused(path);
  }
  return WriteAndClose(fd, text, path, FileAccess{});
}

}  // namespace skyseed
