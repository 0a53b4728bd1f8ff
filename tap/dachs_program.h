// Which GAVO DaCHS serves skyseed's TAP sweep, and running it. The host's
// (Debian 12: 2.7, on PATH) serves a cluster of the host's PostgreSQL; a
// cluster whose PostgreSQL runs from a stack's root (cluster/pg_stack.h:
// Debian 13's PostgreSQL 17 + pg_sphere 1.5) is served by the DaCHS of that
// root (2.11, `scripts/install-stack-debian13.sh --with-dachs`), run as the
// server runs there: chrooted in a mount namespace of its own, the data
// directory (its socket, DaCHS's folder under it) bound at its own path. The
// root shares the host's network, so DaCHS's loopback port is the host's.
//
// Why not the host's DaCHS on pg_sphere 1.5: 2.7's `dachs init` drops and
// re-creates MOC operators that pg_sphere 1.5 now provides itself, as a
// plain SQL script, and fails ("must be owner of operator <@"); 2.11 runs
// that script ignoring its errors.
#pragma once

#include <string>
#include <vector>

#include "common/status.h"

namespace skyseed {

struct DachsProgram {
  std::string stack = "host";  // "host", or the root's name (cluster/pg_stack.h)
  std::string root;            // "" on the host; else the root's absolute path
  // "the host's" or "the debian13 root's (/var/lib/skyseed/stacks/debian13)".
  std::string Describe() const;
};

// The DaCHS that serves the embedded cluster in `data_dir`: that of its
// stack, by its PG_VERSION, or for a cluster not made yet, of the stack it
// will be made on (`stack_asked`, --pg-stack). Reads only. InvalidArgument
// naming what to install when that DaCHS is missing.
Result<DachsProgram> DachsForCluster(const std::string& data_dir, const std::string& stack_asked);

// "2.11+dfsg-2": the version of gavodachs2-server installed where `p` runs
// (dpkg's status file, in the root or the host's); "" when none is.
std::string DachsPackageVersion(const DachsProgram& p);

// As root, before the first RunDachsProgram in a root: the data
// directory's mount point there (the root is root's alone to write; the
// server's start made it already unless the path differs).
Status PrepareDachsRoot(const DachsProgram& p, const std::string& data_dir);

// `dachs args...` as `user` (the cluster's owner; "": ourselves) with
// `environment` (NAME=VALUE) added, its output into `log_path` (written
// with the caller's file identity); a failure quotes the output's last line.
Status RunDachsProgram(const DachsProgram& p, const std::string& user, const std::string& data_dir,
                       const std::vector<std::string>& args,
                       const std::vector<std::string>& environment, const std::string& log_path);

}  // namespace skyseed
