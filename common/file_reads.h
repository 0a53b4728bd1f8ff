// A whole file read into memory, refusing what would hang or flood: only a
// regular file is read (a FIFO would block forever, a device never end),
// and at most kMaxFileRead bytes of it. It is how skyseed reads the files a
// user names or a tool it ran wrote (sweep logs, manifest.json, pid and
// cgroup files, /proc entries, the data directory's marker, settings and
// PG_VERSION, the server's log past an offset, `compare`'s inputs). Not
// read here: zstd COPY files (loader/copy_file.h, streamed through a
// decompressor), and the sampler's output and the server log's lines,
// streamed with std::ifstream where they are used.
#pragma once

#include <cstddef>
#include <cstdint>
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
// The file's bytes from `offset` on (a log past what an earlier look saw),
// under the same rules; "" when the file ends before `offset`.
Result<std::string> ReadFileFrom(const std::filesystem::path& path, uintmax_t offset,
                                 size_t max_bytes = kMaxFileRead);
// The file's bytes, or "" when it cannot be read as above: for files this
// process had a tool write, whose absence the caller judges from what it
// holds.
std::string ReadWholeFileOrEmpty(const std::filesystem::path& path);

}  // namespace skyseed
