#include "cluster/data_dir.h"

#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <fstream>
#include <functional>
#include <optional>
#include <sstream>
#include <system_error>

#include "cluster/cluster_settings.h"
#include "cluster/owned_file.h"
#include "cluster/server_log.h"
#include "common/file_reads.h"
#include "common/file_writes.h"

namespace skyseed {

namespace fs = std::filesystem;

namespace {

constexpr char kMessagePrefix[] = "data directory ";
constexpr char kMarkerFile[] = "skyseed-cluster";
constexpr char kMarkerLine[] = "skyseed embedded PostgreSQL cluster";
constexpr char kSettingsFile[] = "skyseed.conf";
constexpr char kIncludeLine[] = "include_if_exists = 'skyseed.conf'";
// Short, and reachable by "postgres" on Debian.
constexpr char kSuggestedDir[] = "/var/tmp/skyseed-data";
constexpr char kRelocatedRoot[] = "/var/lib/skyseed";

// "data directory <dir> <what>", the form IsDataDirError recognizes.
Status DirError(const std::string& dir, const std::string& what) {
  return Status::InvalidArgument(kMessagePrefix + dir + " " + what);
}

Status EnsureIncluded(const fs::path& dir) {
  const fs::path conf = dir / "postgresql.conf";
  const Result<std::string> text = ReadWholeFile(conf);
  if (!text.ok()) return Status::IoError(text.status().message());
  std::istringstream in(*text);
  for (std::string line; std::getline(in, line);) {
    if (line == kIncludeLine) return Status::Ok();
  }
  return AppendToFile(conf, std::string("\n# skyseed's settings, sized to the machine; later lines "
                                        "win.\n") +
                                kIncludeLine + "\n");
}

}  // namespace

std::string AbsoluteDataDir(const std::string& data_dir) {
  std::error_code ec;
  std::string abs = fs::absolute(data_dir, ec).lexically_normal().string();
  if (abs.size() > 1 && abs.back() == '/') abs.pop_back();
  return abs;
}

Result<fs::path> ResolveDataDir(const std::string& data_dir) {
  if (data_dir.empty())
    return Status::InvalidArgument(kMessagePrefix + std::string("path is empty"));
  std::error_code ec;
  fs::path abs = fs::absolute(data_dir, ec);
  if (ec) return DirError(data_dir, "cannot be resolved: " + ec.message());
  // Follow a symlink (see RelocateUnreachable) to the real cluster folder.
  abs = fs::weakly_canonical(abs.lexically_normal(), ec);
  if (ec) return DirError(data_dir, "cannot be resolved: " + ec.message());
  if (!abs.has_filename() && abs.has_relative_path()) abs = abs.parent_path();
  const std::string& s = abs.native();
  // libpq splits host on commas; postgresql.conf is line based.
  if (s.find_first_of(",\n\r") != std::string::npos) {
    return DirError(OneLine(s),
                    "contains a comma or line break, which a libpq host cannot hold; choose "
                    "another path");
  }
  // pg_ctl starts the postmaster through /bin/sh with the path in double
  // quotes, where these still mean something (a quote ends the word, $(...)
  // runs a command): refused before anything is created.
  if (s.find_first_of("'\"`$\\") != std::string::npos) {
    return DirError(s,
                    "contains one of ' \" ` $ \\, which pg_ctl would pass through a shell; "
                    "choose another path");
  }
  const std::string socket = ServerSocketName();
  const size_t socket_len = s.size() + 1 + socket.size();
  if (socket_len >= sizeof(sockaddr_un::sun_path)) {
    return DirError(s, "is too long: the server's socket " + s + "/" + socket + " would be " +
                           std::to_string(socket_len) + " bytes, and unix sockets allow " +
                           std::to_string(sizeof(sockaddr_un::sun_path) - 1) +
                           "; choose a shorter one such as " + kSuggestedDir);
  }
  return abs;
}

Result<DirKind> ClassifyDir(const fs::path& dir) {
  std::error_code ec;
  const fs::file_status st = fs::status(dir, ec);
  if (st.type() == fs::file_type::not_found) return DirKind::kMissing;
  const std::string d = dir.string();
  if (ec) return DirError(d, "cannot be inspected: " + ec.message());
  if (!fs::is_directory(st)) return DirKind::kNotDirectory;
  const bool empty = fs::is_empty(dir, ec);
  if (ec) return DirError(d, "cannot be read: " + ec.message());
  if (empty) return DirKind::kEmpty;
  const bool has_version = fs::exists(dir / "PG_VERSION", ec);
  const Result<std::string> marker = ReadWholeFile(dir / kMarkerFile);
  const bool ours = marker.ok() && marker->rfind(kMarkerLine, 0) == 0;
  if (has_version) return ours ? DirKind::kOurs : DirKind::kForeignCluster;
  return DirKind::kOther;
}

std::string NotOursMessage(const fs::path& dir, DirKind kind) {
  const std::string d = dir.string();
  switch (kind) {
    case DirKind::kMissing:
    case DirKind::kEmpty:
      return "no skyseed cluster in " + d;
    case DirKind::kForeignCluster:
      return kMessagePrefix + d + " holds a PostgreSQL cluster that skyseed did not create (no " +
             kMarkerFile +
             " file); skyseed leaves it alone: pass a connection to it, or choose a new or empty "
             "data directory";
    case DirKind::kNotDirectory:
      return kMessagePrefix + d + " exists and is not a directory; choose a new or empty one";
    default:
      return kMessagePrefix + d +
             " is not empty and is not a skyseed cluster; skyseed will not initialize a cluster "
             "over it: choose a new or empty one";
  }
}

bool IsDataDirError(const Status& s) {
  return !s.ok() && s.message().rfind(kMessagePrefix, 0) == 0;
}

Status CheckReachable(const RunAs& as, const fs::path& dir) {
  if (!as.switch_user) return Status::Ok();
  fs::path parent = dir.parent_path();
  std::error_code ec;
  while (!fs::exists(parent, ec) && parent.has_relative_path()) parent = parent.parent_path();
  SKYSEED_ASSIGN_OR_RETURN(std::optional<fs::path> blocked, FirstUnsearchable(as, parent));
  if (!blocked.has_value()) return Status::Ok();
  const std::string& user = as.name;
  const std::string why = "PostgreSQL refuses to run as root, so skyseed runs it as user " + user +
                          ", who cannot reach it (" + (blocked)->string() +
                          " is not searchable by " + user + ")";
  return DirError(dir.string(), "is out of reach: " + why + "; choose a data directory that " +
                                    user + " can reach, such as " + kSuggestedDir);
}

Result<fs::path> RelocateUnreachable(const fs::path& dir, const RunAs& as) {
  if (CheckReachable(as, dir).ok()) return dir;
  std::error_code ec;
  char name[32];
  std::snprintf(name, sizeof(name), "%016zx", std::hash<std::string>{}(dir.string()));
  const fs::path root = kRelocatedRoot;
  const fs::path real = root / "clusters" / name;
  const fs::perms searchable =
      fs::perms::owner_all | fs::perms::group_exec | fs::perms::others_exec;
  fs::create_directories(real.parent_path(), ec);
  fs::permissions(root, searchable, ec);
  fs::permissions(real.parent_path(), searchable, ec);
  fs::create_directories(dir.parent_path(), ec);
  fs::create_directory_symlink(real, dir, ec);
  if (ec)
    return DirError(dir.string(), "cannot be linked to " + real.string() + ": " + ec.message());
  return real;
}

Status PrepareDataDir(const fs::path& dir, DirKind kind, const RunAs& as) {
  const std::string d = dir.string();
  std::error_code ec;
  if (kind == DirKind::kMissing) {
    fs::create_directories(dir, ec);
    if (ec) return DirError(d, "cannot be created: " + ec.message());
  } else if (!as.switch_user && access(dir.c_str(), W_OK) != 0) {
    return DirError(d, "is not writable: " + ErrnoText(errno));
  }
  if (!as.switch_user) return Status::Ok();  // initdb sets the mode itself
  if (chown(dir.c_str(), as.uid, as.gid) != 0 || chmod(dir.c_str(), 0700) != 0) {
    return DirError(d, "cannot be handed to user " + as.name + ": " + ErrnoText(errno));
  }
  return Status::Ok();
}

Status WriteMarker(const fs::path& dir, const RunAs& as) {
  return WriteOwnedFile(dir / kMarkerFile, std::string(kMarkerLine) + "\n", as);
}

Status WriteSettings(const fs::path& dir, const std::string& settings, const RunAs& as) {
  const std::string conf =
      "# Written by skyseed at every start of the server: edits are lost.\n" + settings;
  SKYSEED_RETURN_IF_ERROR(WriteOwnedFile(dir / kSettingsFile, conf, as));
  return EnsureIncluded(dir);
}

}  // namespace skyseed
