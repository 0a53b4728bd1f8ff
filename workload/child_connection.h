// How a client program skyseed runs (psql, pgbench) is given the server
// without the password reaching its command line: every user can read any
// process's argv in /proc for as long as it runs. The password goes into a
// passfile only this user can read, in a private folder of its own, named
// to the child by PGPASSFILE (a process's environment is readable by its
// owner alone), and the conninfo on argv is rebuilt without it.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "common/status.h"

namespace skyseed {

class ChildConnection {
 public:
  // InvalidArgument for a conninfo libpq cannot parse (its message
  // redacted) or that holds an sslpassword (a passfile cannot carry it).
  // Without a password, nothing is written.
  static Result<std::unique_ptr<ChildConnection>> Prepare(const std::string& conninfo);
  // Removes the passfile and its folder.
  ~ChildConnection();
  ChildConnection(const ChildConnection&) = delete;
  ChildConnection& operator=(const ChildConnection&) = delete;

  // For the child's argv: the same connection, password removed.
  const std::string& conninfo() const { return conninfo_; }
  // NAME=VALUE entries the child needs added to its environment.
  const std::vector<std::string>& environment() const { return environment_; }

 private:
  ChildConnection() = default;
  std::string conninfo_;
  std::vector<std::string> environment_;
  std::string private_dir_;  // empty when no password was given
};

// `conninfo` without its password (password= in either form, or the
// password of a URI), rebuilt as keyword='value' pairs; "" stays "".
// Fails as Prepare does.
Result<std::string> WithoutPassword(const std::string& conninfo);

}  // namespace skyseed
