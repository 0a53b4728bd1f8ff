#include "cluster/pg_ctl.h"

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstdlib>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include "cluster/cluster_settings.h"
#include "cluster/server_log.h"
#include "common/file_reads.h"

namespace skyseed {

namespace fs = std::filesystem;

namespace {

constexpr char kLogFile[] = "server.log";
constexpr char kPidFile[] = "postmaster.pid";
// Generous because crash recovery may replay up to max_wal_size (16GB).
constexpr int kStartTimeoutSeconds = 1800;
constexpr int kStopTimeoutSeconds = 600;

// In a root, the data directory is bound at its real path (a relocated
// cluster's link is not in the root), so the programs are given that path.
struct ServerRun {
  std::string dir;
  ServerRoot where;
};

ServerRun RunIn(const PgStack& stack, const fs::path& dir) {
  if (stack.root.empty()) return ServerRun{dir.string(), {}};
  std::error_code ec;
  const std::string real = fs::weakly_canonical(dir, ec).string();
  return ServerRun{real, ServerRoot{stack.root, real}};
}

// Both lock files hold the dead postmaster's pid (see LivePostmasterPid).
// Removing them cannot let a second postmaster in: the shared memory
// interlock refuses one while any process of the old one lives. A live
// postmaster's are never removed (one started since the caller looked, by
// something other than skyseed, whose processes take the cluster lock):
// pg_ctl then refuses, naming its lock file.
void RemoveStaleLockFiles(const fs::path& dir) {
  if (LivePostmasterPid(dir)) return;
  std::error_code ec;
  fs::remove(dir / kPidFile, ec);
  fs::remove(dir / (ServerSocketName() + ".lock"), ec);
}

}  // namespace

Status RunInitdb(const fs::path& dir, const RunAs& as, const PgStack& stack) {
  const ServerRun run = RunIn(stack, dir);
  // --no-locale: C collation never changes with a glibc upgrade, and is the
  // fastest to sort; UTF8 still holds any text.
  SKYSEED_ASSIGN_OR_RETURN(
      CommandOutput out,
      RunCommand({stack.RunPath("initdb"), "-D", run.dir, "-U", "postgres", "--auth=trust",
                  "--encoding=UTF8", "--no-locale", "--no-instructions"},
                 as, run.where));
  if (out.exit_code != 0) {
    return Status::IoError("initdb failed in " + dir.string() + ": " + ErrorLineOf(out.output));
  }
  return Status::Ok();
}

// An init that never reaps orphans (PID 1 of some containers and VMs) leaves
// a killed postmaster a zombie, which kill(pid, 0) calls alive and which
// makes a new postmaster refuse to start; a pid reused after a reboot is no
// postmaster either.
std::optional<int> LivePostmasterPid(const fs::path& dir) {
  const Result<std::string> text = ReadWholeFile(dir / kPidFile);
  if (!text.ok()) return std::nullopt;
  int pid = 0;
  std::from_chars(text->data(), text->data() + text->size(), pid);
  if (pid <= 0 || (kill(pid, 0) != 0 && errno == ESRCH)) return std::nullopt;
  const std::string proc = "/proc/" + std::to_string(pid);
  if (const Result<std::string> stat = ReadWholeFile(proc + "/stat"); stat.ok()) {
    const size_t paren = stat->rfind(')');
    if (paren != std::string::npos && paren + 2 < stat->size() &&
        ((*stat)[paren + 2] == 'Z' || (*stat)[paren + 2] == 'X')) {
      return std::nullopt;
    }
  }
  std::error_code ec, ec2, ec3;
  const fs::path cwd = fs::read_symlink(proc + "/cwd", ec);  // the postmaster chdirs to -D
  const fs::path canonical = fs::weakly_canonical(dir, ec2);
  // A stack root's postmaster is chrooted: its cwd shows under its root.
  const fs::path root = fs::read_symlink(proc + "/root", ec3);
  const fs::path expected =
      !ec3 && root != "/" ? fs::path(root.string() + canonical.string()) : canonical;
  if (!ec && !ec2 && cwd != expected) return std::nullopt;
  return pid;
}

Status StartServer(const fs::path& dir, const RunAs& as, const PgStack& stack) {
  RemoveStaleLockFiles(dir);
  const fs::path log = dir / kLogFile;
  const ServerRun run = RunIn(stack, dir);
  const std::string timeout = std::to_string(kStartTimeoutSeconds);
  const std::vector<std::string> args = {stack.RunPath("pg_ctl"),
                                         "-D",
                                         run.dir,
                                         "-l",
                                         (fs::path(run.dir) / kLogFile).string(),
                                         "-w",
                                         "-t",
                                         timeout,
                                         "start"};
  std::string why;
  // Right after a crash the old postmaster's children may take a moment to
  // notice and detach from shared memory, which refuses the new postmaster.
  for (int attempt = 0; attempt < 20; ++attempt) {
    if (attempt > 0) std::this_thread::sleep_for(std::chrono::milliseconds(500));
    std::error_code ec;
    uintmax_t log_start = fs::file_size(log, ec);
    if (ec) log_start = 0;
    SKYSEED_ASSIGN_OR_RETURN(CommandOutput out, RunCommand(args, as, run.where));
    if (out.exit_code == 0) return Status::Ok();
    const std::string logged = ReadFileFrom(log, log_start).value_or("");
    why = ErrorLineOf(logged.empty() ? out.output : logged);
    if (logged.find("pre-existing shared memory block") == std::string::npos) break;
  }
  return Status::Database("could not start PostgreSQL in " + dir.string() + ": " +
                          NamingFullDisk(why) + " (log: " + log.string() + ")");
}

Status StopServer(const fs::path& dir, const RunAs& as, const PgStack& stack) {
  if (!LivePostmasterPid(dir)) return Status::Ok();
  const ServerRun run = RunIn(stack, dir);
  SKYSEED_ASSIGN_OR_RETURN(CommandOutput out,
                           RunCommand({stack.RunPath("pg_ctl"), "-D", run.dir, "-m", "fast", "-w",
                                       "-t", std::to_string(kStopTimeoutSeconds), "stop"},
                                      as, run.where));
  if (out.exit_code != 0 && LivePostmasterPid(dir)) {
    return Status::Database("could not stop PostgreSQL in " + dir.string() + ": " +
                            ErrorLineOf(out.output));
  }
  return Status::Ok();
}

uintmax_t ServerLogSize(const fs::path& dir) {
  std::error_code ec;
  const uintmax_t size = fs::file_size(dir / kLogFile, ec);
  return ec ? 0 : size;
}

std::string FullDiskLineInLog(const fs::path& dir, uintmax_t offset) {
  const std::string logged = ReadFileFrom(dir / kLogFile, offset).value_or("");
  const size_t at = logged.rfind("No space left on device");
  if (at == std::string::npos) return "";
  const size_t newline = logged.rfind('\n', at);
  const size_t from = newline == std::string::npos ? 0 : newline + 1;
  const size_t end = logged.find('\n', at);
  return ErrorLineOf(logged.substr(from, end == std::string::npos ? end : end - from));
}

std::string NamingFullDisk(const std::string& why) {
  if (why.find("No space left on device") == std::string::npos) return why;
  return "the server's disk is full (" + why +
         "): free space in its data folder or pg_wal, then run the same command again; "
         "committed chunks are kept";
}

}  // namespace skyseed
