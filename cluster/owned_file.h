// The small files the cluster code writes into the data directory (its
// marker and settings), owned by the server's user; they are read back
// with common/file_reads.h.
#pragma once

#include <filesystem>
#include <string>

#include "cluster/run_as.h"
#include "common/status.h"

namespace skyseed {

// Writes `content` beside `path`, then renames it into place, so a reader
// never sees half a file; the data directory belongs to the server's user,
// so a link planted there is refused, never followed (WriteFileAtomically). Mode 0600, owned by
// `as` (the server's user, who must read it).
Status WriteOwnedFile(const std::filesystem::path& path, const std::string& content,
                      const RunAs& as);

}  // namespace skyseed
