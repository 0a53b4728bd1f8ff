// What every server skyseed runs beside its embedded cluster for a TAP
// sweep needs (DaCHS, pgbouncer, haproxy): a loopback port, an unprivileged
// user to run as, a folder that user owns, and a way to stop what it
// started from the pid file it wrote.
#pragma once

#include <string>
#include <vector>

#include "common/status.h"

namespace skyseed {

// Whether `program` is an executable in PATH.
bool OnPath(const std::string& program);

// A loopback port the kernel has just handed out, so free unless another
// process takes it in the instant before the server binds it.
Result<int> FreeLoopbackPort();

// Who the servers run as: when skyseed runs as root, the owner of the
// embedded cluster's data directory (postgres); otherwise "" (they keep
// the user they were started as, who is not root).
std::string ServiceUser(const std::string& data_dir);

// The folder, and everything in it, owned by `user` ("" leaves it as is).
Status HandFolderTo(const std::string& root, const std::string& user);

// 32 random hex digits.
std::string RandomPassword();

// argv run as `user` (through runuser, which sets the user's own groups and
// keeps the environment) when given, else as ourselves.
std::vector<std::string> AsUser(const std::string& user, std::vector<std::string> argv);

// The pid in `pid_file` when that process runs a command line containing
// `program`; 0 otherwise (a pid file may outlive its process, and the pid
// be another program's by now).
int RunningPid(const std::string& pid_file, const char* program);
bool ProcessRuns(int pid, const char* program);
// SIGTERM, up to 10 s, then SIGKILL, while the process still runs `program`.
void StopProcess(int pid, const char* program);

}  // namespace skyseed
