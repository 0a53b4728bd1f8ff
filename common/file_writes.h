// Every file skyseed writes goes through here. Run as root in a folder
// someone else can write (an --out they prepared, the data directory the
// server's user owns), opening a name that follows links would let them aim
// skyseed at any file on the machine: a link planted as the temporary
// "<file>.partial" would be written through. So a file is only ever created
// new (O_CREAT | O_EXCL | O_NOFOLLOW), a link is refused, and the finished
// temporary is renamed into place (rename replaces a link, never its target).
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "common/status.h"

namespace skyseed {

// The permission bits a file is created with (less the umask), and, for
// files another user must read or no one else may, its exact mode and owner
// once written.
struct FileAccess {
  mode_t create_mode = 0666;
  std::optional<mode_t> exact_mode;
  std::optional<std::pair<uid_t, gid_t>> owner;
};

// A new, empty file at `path`, open for writing (O_CLOEXEC); the caller
// closes the descriptor. A regular file already there (a killed run's
// leftover) is removed first; a symbolic link or anything else is refused
// and left alone, with a message naming it. `mode` is subject to the umask.
Result<int> CreateFreshFile(const std::filesystem::path& path, mode_t mode = 0666);

// Writes `content` to "<path>.partial" (CreateFreshFile), then renames it to
// `path`, so a reader (or a killed run) never meets half a file under its
// real name. `executable` creates it with mode 0777 less the umask.
Status WriteFileAtomically(const std::filesystem::path& path, std::string_view content,
                           bool executable = false);
Status WriteFileAtomically(const std::filesystem::path& path, std::string_view content,
                           const FileAccess& access);

// Appends `text` to the existing regular file `path`, refusing a link.
Status AppendToFile(const std::filesystem::path& path, std::string_view text);

}  // namespace skyseed
