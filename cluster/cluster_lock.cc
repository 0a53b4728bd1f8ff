#include "cluster/cluster_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <system_error>

#include "common/private_record.h"

namespace skyseed {

namespace fs = std::filesystem;

Result<fs::path> ClusterLockPath(const std::string& data_dir) {
  return BesideDataDir(data_dir, ".skyseed-lock");
}

Result<ClusterLock> ClusterLock::Acquire(const std::string& data_dir) {
  SKYSEED_ASSIGN_OR_RETURN(fs::path path, ClusterLockPath(data_dir));
  // A lock file that cannot be made is the data directory's fault, in the
  // form IsDataDirError (cluster/data_dir.h) recognizes: exit 2, naming it.
  const auto refused = [&](const std::string& why) {
    return Status::InvalidArgument("data directory " + data_dir + " cannot have its lock file " +
                                   path.string() + ": " + why);
  };
  // Read-only is enough for flock, and lets another user's skyseed lock a
  // file root created (mode 0644).
  // O_NONBLOCK: a FIFO planted there would block the open until a writer
  // came; it is refused below instead.
  const int fd = open(path.c_str(), O_RDONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0644);
  if (fd < 0) {
    const int err = errno;
    return refused(err == ELOOP ? "it is a symbolic link, not followed" : std::strerror(err));
  }
  struct stat st;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    close(fd);
    return refused("it is not a regular file");
  }
  while (flock(fd, LOCK_EX) != 0) {
    if (errno == EINTR) continue;
    const int err = errno;
    close(fd);
    return Status::IoError("cannot lock " + path.string() + ": " + std::strerror(err));
  }
  return ClusterLock(fd, path);
}

ClusterLock::ClusterLock(ClusterLock&& other) noexcept
    : fd_(other.fd_), path_(std::move(other.path_)) {
  other.fd_ = -1;
}

ClusterLock::~ClusterLock() {
  if (fd_ >= 0) close(fd_);  // releases the flock
}

}  // namespace skyseed
