// A whole file read into memory: the one way skyseed reads a file back.
#pragma once

#include <filesystem>
#include <string>

#include "common/status.h"

namespace skyseed {

// The file's bytes; InvalidArgument "cannot read PATH" when it cannot be
// opened (a path the user named).
Result<std::string> ReadWholeFile(const std::filesystem::path& path);
// The file's bytes, or "" when it cannot be opened: for files this process
// had a tool write, whose absence the caller judges from what it holds.
std::string ReadWholeFileOrEmpty(const std::filesystem::path& path);

}  // namespace skyseed
