// For the tests that work on the file system: a fresh directory under /tmp,
// removed at the end, and a file's whole content.
#pragma once

#include <stdlib.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace skyseed {

class TempDir {
 public:
  // 0755 where, under root, the server runs as "postgres" and must reach in.
  explicit TempDir(mode_t mode = 0700) {
    char pattern[] = "/tmp/skyseed-test-XXXXXX";
    if (mkdtemp(pattern) != nullptr && chmod(pattern, mode) == 0) path_ = pattern;
  }
  ~TempDir() {
    std::error_code ec;
    if (!path_.empty()) std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

inline std::string Slurp(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

}  // namespace skyseed
