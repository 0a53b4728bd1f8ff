// The folder that holds skyseed's cluster: where it really is, whether it is
// skyseed's to use, who can reach it, and the files skyseed keeps in it (a
// marker naming the cluster skyseed's, and the server settings).
//
// Every failure the folder itself causes (a path a socket or conninfo cannot
// hold, someone else's files, out of reach of the server's user) has a
// message beginning "data directory <path>", so that a caller who took the
// path from the user can say where it came from (IsDataDirError).
#pragma once

#include <filesystem>
#include <string>

#include "cluster/run_as.h"
#include "common/status.h"

namespace skyseed {

// Absolute, normalized, symlinks followed, and expressible both in
// postgresql.conf and in a libpq conninfo, with room for the server's socket.
Result<std::filesystem::path> ResolveDataDir(const std::string& data_dir);

// `data_dir` absolute and lexically normal, without a trailing slash, links
// not followed: how the sweep names the cluster to DaCHS and its record.
std::string AbsoluteDataDir(const std::string& data_dir);

enum class DirKind { kMissing, kEmpty, kOurs, kForeignCluster, kOther, kNotDirectory };

// What `dir` holds; kOurs only for a cluster skyseed created (its marker).
Result<DirKind> ClassifyDir(const std::filesystem::path& dir);

// Why skyseed will not run a cluster in `dir`, of kind `kind` (not kOurs).
std::string NotOursMessage(const std::filesystem::path& dir, DirKind kind);

// True when `s` is a failure the data directory caused (see the top).
bool IsDataDirError(const Status& s);

// OK when `as` can reach `dir`, or is ourselves; we do not loosen the user's
// parent directories for the server.
Status CheckReachable(const RunAs& as, const std::filesystem::path& dir);

// `dir` if `as` can reach it. Otherwise (a new data directory under root,
// say ./skyseed-data under /root) a folder in /var/lib/skyseed/clusters,
// linked from `dir`, so the default works from any folder.
Result<std::filesystem::path> RelocateUnreachable(const std::filesystem::path& dir,
                                                  const RunAs& as);

// Creates a missing `dir` (kind kMissing or kEmpty) and, under root, hands it
// to `as` with mode 0700; initdb fills it.
Status PrepareDataDir(const std::filesystem::path& dir, DirKind kind, const RunAs& as);

// Marks the cluster just initialized in `dir` as skyseed's.
Status WriteMarker(const std::filesystem::path& dir, const RunAs& as);

// Writes `settings` (postgresql.conf lines) to <dir>/skyseed.conf, included
// from postgresql.conf so that they win over initdb's.
Status WriteSettings(const std::filesystem::path& dir, const std::string& settings,
                     const RunAs& as);

}  // namespace skyseed
