// Which PostgreSQL the embedded cluster runs on: a "stack" is a set of
// server programs with pg_sphere, either the host's own
// (/usr/lib/postgresql/N/bin) or those of a Debian root the project made
// (scripts/install-stack-debian13.sh) under /var/lib/skyseed/stacks/NAME,
// whose server runs chrooted there (cluster/run_as.h, ServerRoot).
//
// A new cluster takes the stack asked for (--pg-stack), else the newest host
// PostgreSQL that has pg_sphere. An existing cluster is bound to its major
// version (its PG_VERSION file): the host's programs of that version, else a
// root's. Only root-owned folders that no one else can write are roots.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "common/status.h"

namespace skyseed {

struct PgStack {
  std::string name;    // "host", or the root's folder name ("debian13")
  std::string root;    // empty on the host; else the root's absolute path
  int major = 0;       // PostgreSQL's major version
  std::string bindir;  // as the programs see it (inside the root)

  // The program's path as this process sees it.
  std::string HostPath(const std::string& program) const;
  // The program's path as the child that runs it sees it.
  std::string RunPath(const std::string& program) const;
  // "PostgreSQL 17 (debian13 root /var/lib/skyseed/stacks/debian13)".
  std::string Describe() const;
};

// The folder the project's roots live in: $SKYSEED_STACKS_DIR, else
// /var/lib/skyseed/stacks.
std::filesystem::path StacksDir();

// Every stack on this machine with initdb, pg_ctl, postgres and pg_sphere:
// the host's, newest first, then the roots'. $SKYSEED_PG_BINDIR, when set,
// is the one host stack.
std::vector<PgStack> InstalledStacks();

// The stack a new cluster runs on. `asked`: "" (the newest host stack),
// "host", or a root's name. NotFound says what to install.
Result<PgStack> StackForNewCluster(const std::string& asked);

// The stack of the existing cluster in `dir` (by its PG_VERSION). With
// `asked` non-empty, InvalidArgument if the cluster is on another stack.
Result<PgStack> StackForCluster(const std::filesystem::path& dir, const std::string& asked);

}  // namespace skyseed
