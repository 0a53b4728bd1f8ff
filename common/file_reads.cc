#include "common/file_reads.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace skyseed {

Result<std::string> ReadWholeFile(const std::filesystem::path& path, size_t max_bytes) {
  return ReadFileFrom(path, 0, max_bytes);
}

Result<std::string> ReadFileFrom(const std::filesystem::path& path, uintmax_t offset,
                                 size_t max_bytes) {
  // O_NONBLOCK: opening a FIFO returns at once instead of waiting for a
  // writer; it is then refused as not a regular file.
  const int fd = open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0)
    return Status::InvalidArgument("cannot read " + path.string() + ": " + std::strerror(errno));
  struct stat st;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    close(fd);
    return Status::InvalidArgument("cannot read " + path.string() + ": not a regular file");
  }
  // Past the end reads nothing; /proc files, which say size 0, from 0 only.
  if (offset > 0 && lseek(fd, static_cast<off_t>(offset), SEEK_SET) < 0) {
    close(fd);
    return std::string();
  }
  std::string out;
  char buffer[65536];
  for (;;) {
    const ssize_t n = read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const int err = errno;
      close(fd);
      return Status::InvalidArgument("cannot read " + path.string() + ": " + std::strerror(err));
    }
    if (n == 0) break;
    if (out.size() + static_cast<size_t>(n) > max_bytes) {
      close(fd);
      return Status::InvalidArgument("cannot read " + path.string() + ": larger than " +
                                     std::to_string(max_bytes >> 20) + " MiB");
    }
    out.append(buffer, static_cast<size_t>(n));
  }
  close(fd);
  return out;
}

std::string ReadWholeFileOrEmpty(const std::filesystem::path& path) {
  Result<std::string> text = ReadWholeFile(path);
  return text.ok() ? std::move(*text) : std::string();
}

}  // namespace skyseed
