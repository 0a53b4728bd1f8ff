// The small text files the cluster code reads and writes whole: the data
// directory's marker, settings and pid file, the server's log, and entries
// of /proc and /sys.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "cluster/run_as.h"
#include "common/status.h"

namespace skyseed {

// The file's bytes from `offset` on; nullopt if it cannot be opened.
std::optional<std::string> ReadFile(const std::filesystem::path& path, uintmax_t offset = 0);

// Writes `content` beside `path`, then renames it into place, so a reader
// never sees half a file; the data directory belongs to the server's user,
// so a link planted there is refused, never followed (WriteFileAtomically). Mode 0600, owned by
// `as` (the server's user, who must read it).
Status WriteOwnedFile(const std::filesystem::path& path, const std::string& content,
                      const RunAs& as);

}  // namespace skyseed
