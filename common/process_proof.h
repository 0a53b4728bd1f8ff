// Proof that a process is one skyseed started, so that it may be signalled
// later. A pid alone proves nothing: pids are reused, and the pid files the
// TAP sweep's servers write are written by the cluster's owner, who could
// name any process in them (root's, say). A process is the one skyseed
// started while its pid, its start time (proc(5) field 22, in clock ticks
// since boot: no two processes of one pid share it), its owner and, when
// skyseed put it in one, its cgroup are still as recorded when it started.
// Signals go through a pidfd, opened before the proof is checked, so the
// pid cannot be reused between the check and the signal.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace skyseed {

struct ProcessProof {
  int pid = 0;
  uint64_t start_ticks = 0;  // proc(5) field 22
  uid_t uid = 0;             // its real and effective user
  std::string cgroup;        // the cgroup skyseed put it in ("" for none)

  // "pid start uid [cgroup]": one line of a record.
  std::string Text() const;
  // nullopt for anything Text() does not write.
  static std::optional<ProcessProof> Parse(std::string_view text);
};

// Now, in the clock proc(5)'s start times count (ticks since boot).
uint64_t BootTicksNow();

// The proof of `pid`, when it runs as `uid` (real and effective user), is
// not a zombie, and started at or after `not_before` (BootTicksNow() taken
// before skyseed started it); nullopt otherwise.
std::optional<ProcessProof> ProveProcess(int pid, uid_t uid, uint64_t not_before);

// Whether the proof still names that process (and it is not a zombie).
bool StillRuns(const ProcessProof& p);

// Sends `signal` to the proven process, and nothing when it no longer runs.
void SignalProven(const ProcessProof& p, int signal);

// SIGKILL to `pid` while it is in the cgroup named `cgroup`: one skyseed
// made, where only a process skyseed put there, or its child, can be.
void KillInCgroup(int pid, const std::string& cgroup);

// Stops the proven process and its descendants running as its user (taken
// before the first signal: once their parent is gone they are reparented):
// `first_signal` (SIGTERM, or the signal of a server's fast shutdown), up to
// `wait_s` for all to end, then SIGKILL to each still proven. Returns
// whether they are gone.
bool StopProven(const ProcessProof& p, int first_signal, double wait_s = 10);

}  // namespace skyseed
