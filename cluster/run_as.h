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

std::string ErrnoText(int err);
// name == nullptr: look `uid` up instead.
Result<RunAs> LookUpUser(const char* name, uid_t uid);
// In a forked child: become `as`, stdout/stderr to out_fd (or null_fd).
void PrepareChild(const RunAs& as, int out_fd, int null_fd);
Result<int> WaitForChild(pid_t pid);
Result<CommandOutput> RunCommand(const std::vector<std::string>& args, const RunAs& as);
// Which directory on the way down to `dir` (itself included) `as` cannot
// search; nullopt if it reaches all.
Result<std::optional<std::filesystem::path>> FirstUnsearchable(const RunAs& as,
                                                               const std::filesystem::path& dir);

}  // namespace skyseed
