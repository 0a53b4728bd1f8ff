// What every server skyseed runs beside its embedded cluster for a TAP
// sweep needs (DaCHS, a pooler, haproxy): a loopback port, an unprivileged
// user to run as, a folder that user owns, and a way to stop what it
// started, proven as skyseed's own before it is ever signalled.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <string>
#include <vector>

#include "common/process_proof.h"
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

// The uid `user` runs as ("": ours).
uid_t ServiceUid(const std::string& user);
// The name of `user`'s primary group ("": ours).
std::string ServiceGroup(const std::string& user);

// 32 random hex digits.
std::string RandomPassword();

// argv run as `user` (through runuser, which sets the user's own groups and
// keeps the environment) when given, else as ourselves.
std::vector<std::string> AsUser(const std::string& user, std::vector<std::string> argv);

// The process the pid file names, once it names one that runs as `uid`
// and started at or after `not_before` (BootTicksNow() before skyseed
// started it): the pid file is written by the server, as the cluster's
// owner, and is only believed that far. Waits up to 10 s; Database error
// naming `program` and `log` otherwise.
Result<ProcessProof> AwaitProvenPid(const std::string& pid_file, uid_t uid, uint64_t not_before,
                                    const std::string& program, const std::string& log);

}  // namespace skyseed
