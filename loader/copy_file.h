// zstd-compressed binary COPY files (Boost.Iostreams + zstd). A file is
// written under a temporary name and renamed into place only when complete,
// so a killed `generate` never leaves a half-written chunk under a real name.
#pragma once

#include <string>

#include "common/status.h"
#include "copy_format/byte_buffer.h"

namespace skyseed {

// Writes header + tuples + trailer around `tuples` to path (atomically).
Status WriteCopyFile(const std::string& path, const ByteBuffer& tuples);
// Reads and decompresses a whole file; Corruption on a damaged zstd frame.
Status ReadCopyFile(const std::string& path, std::string* out);

}  // namespace skyseed
