// Output folders and files of the commands that write them (generate,
// workload, report): a folder is proved writable before any work, and every
// file is written under a temporary name and renamed into place, so a reader
// (or a killed run) never meets half a file under its real name
// (WriteFileAtomically, common/file_writes.h, which never follows a link).
#pragma once

#include <filesystem>
#include <string_view>

#include "common/file_writes.h"
#include "common/status.h"

namespace skyseed {

// Creates `dir` if missing; InvalidArgument if it is not a writable
// directory, its message starting with the path ("<dir> is not writable"), so
// that a caller can put in front where the path came from.
Status PrepareOutputDir(const std::filesystem::path& dir);
// PrepareOutputDir's checks without creating `dir`: it, or the nearest
// folder above it that exists, must be a directory this process can make a
// folder in (tried, and removed at once). For commands that create `dir` only once they
// have something to put in it.
Status CheckOutputDirCreatable(const std::filesystem::path& dir);
// An --out as given, made absolute (and lexically normal) against the
// working directory once, when the command starts: the children a command
// runs work in folders of their own (psql in a tier's workload folder,
// tapbench in its window's), where a relative path names something else.
// Empty stays empty, for the caller's own "must not be empty".
std::filesystem::path AbsoluteOutputPath(const std::string& given);

}  // namespace skyseed
