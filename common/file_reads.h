// A whole file read into memory: the one way skyseed reads a file back.
// Only a regular file is read (a FIFO would block forever, a device never
// end), and at most kMaxFileRead bytes of it.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>

#include "common/status.h"

namespace skyseed {

inline constexpr size_t kMaxFileRead = size_t{256} << 20;  // 256 MiB

// The file's bytes; InvalidArgument naming PATH when it cannot be opened,
// is not a regular file, or is larger than max_bytes (a path the user
// named).
Result<std::string> ReadWholeFile(const std::filesystem::path& path,
                                  size_t max_bytes = kMaxFileRead);
// The file's bytes, or "" when it cannot be read as above: for files this
// process had a tool write, whose absence the caller judges from what it
// holds.
std::string ReadWholeFileOrEmpty(const std::filesystem::path& path);

}  // namespace skyseed
