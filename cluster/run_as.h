// Running the PostgreSQL programs (initdb, pg_ctl) as the user the server
// must run as: PostgreSQL refuses root, so under root that is "postgres".
// fork/exec rather than a shell, so paths with spaces need no quoting.
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "common/status.h"

namespace skyseed {

// Who initdb, pg_ctl and so the server run as.
struct RunAs {
  bool switch_user = false;  // false: as ourselves
  std::string name;
  uid_t uid = 0;
  gid_t gid = 0;
  std::vector<gid_t> groups;
};

struct CommandOutput {
  int exit_code = 0;
  std::string output;  // stdout and stderr, interleaved
};

// strerror, thread-safe.
std::string ErrnoText(int err);

// Who the server of the cluster in `dir` runs as: ourselves, unless we are
// root; then the owner of an existing cluster (the only user its server can
// run as), else "postgres". InvalidArgument under root without "postgres".
Result<RunAs> ResolveRunAs(const std::filesystem::path& dir, bool existing_cluster);

// Where a server program runs: on the host (root empty), or chrooted into a
// stack's root (cluster/pg_stack.h) in a mount namespace of its own, where
// `bound` (the data directory, absolute) is bound at its own path, so the
// server's files and its socket are where the host's clients look. The
// namespace lives as long as the processes in it: the postmaster's.
struct ServerRoot {
  std::string root;
  std::string bound;
};

// Runs args[0] (a path, not searched in PATH; inside `where.root` if set)
// with `args` as `as`, stdin from /dev/null. A program that cannot be
// executed exits 127; a root that cannot be entered, 125.
Result<CommandOutput> RunCommand(const std::vector<std::string>& args, const RunAs& as,
                                 const ServerRoot& where = {});

// Which directory on the way down to `dir` (itself included) `as` cannot
// search; nullopt if it reaches all. Asked of the kernel as that user, so
// ACLs and group membership count.
Result<std::optional<std::filesystem::path>> FirstUnsearchable(const RunAs& as,
                                                               const std::filesystem::path& dir);

}  // namespace skyseed
