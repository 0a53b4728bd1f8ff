#include "cluster/run_as.h"

#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <sched.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <system_error>

namespace skyseed {
namespace {

namespace fs = std::filesystem;

// name == nullptr: look `uid` up instead.
Result<RunAs> LookUpUser(const char* name, uid_t uid) {
  std::vector<char> buf(1 << 16);
  passwd pw{};
  passwd* found = nullptr;
  const int rc = name != nullptr ? getpwnam_r(name, &pw, buf.data(), buf.size(), &found)
                                 : getpwuid_r(uid, &pw, buf.data(), buf.size(), &found);
  if (rc != 0 || found == nullptr) {
    return Status::NotFound(name != nullptr ? std::string("no user ") + name
                                            : "no user with uid " + std::to_string(uid));
  }
  RunAs as{true, pw.pw_name, pw.pw_uid, pw.pw_gid, std::vector<gid_t>(64)};
  int count = static_cast<int>(as.groups.size());
  if (getgrouplist(pw.pw_name, pw.pw_gid, as.groups.data(), &count) < 0) {
    as.groups.resize(static_cast<size_t>(count));
    if (getgrouplist(pw.pw_name, pw.pw_gid, as.groups.data(), &count) < 0) count = 0;
  }
  as.groups.resize(static_cast<size_t>(count));
  if (as.groups.empty()) as.groups.push_back(as.gid);
  return as;
}

// The paths a child needs to enter a root, made before the fork (the child
// may not allocate). The mount points are created in the root, which only
// root can write (cluster/pg_stack.cc).
struct RootPaths {
  std::string root, bound, bound_target, shm_target;
};

Result<RootPaths> PrepareRoot(const ServerRoot& where) {
  if (where.root.empty()) return RootPaths{};
  RootPaths p{where.root, where.bound, where.root + where.bound, where.root + "/dev/shm"};
  std::error_code ec;
  for (const std::string& dir : {p.bound_target, p.shm_target}) {
    fs::create_directories(dir, ec);
    if (ec) return Status::IoError("cannot create " + dir + ": " + ec.message());
  }
  return p;
}

// Async-signal-safe. MS_PRIVATE first, so the binds stay in this namespace.
void EnterRoot(const RootPaths& p) {
  if (p.root.empty()) return;
  if (unshare(CLONE_NEWNS) != 0 ||
      mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0 ||
      mount(p.bound.c_str(), p.bound_target.c_str(), nullptr, MS_BIND, nullptr) != 0 ||
      mount("/dev/shm", p.shm_target.c_str(), nullptr, MS_BIND, nullptr) != 0 ||
      chroot(p.root.c_str()) != 0) {
    _exit(125);
  }
}

// In the forked child of a possibly multithreaded parent: async-signal-safe
// calls only. Fds are first lifted above 2 so that a parent with closed
// standard fds cannot make the dup2 calls clobber each other.
void PrepareChild(const RunAs& as, int out_fd, int null_fd, const RootPaths& root = {}) {
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);
  for (int sig : {SIGPIPE, SIGINT, SIGTERM, SIGQUIT, SIGHUP, SIGCHLD}) (void)signal(sig, SIG_DFL);
  if (out_fd >= 0 && null_fd >= 0) {
    const int out = fcntl(out_fd, F_DUPFD, 3);
    const int null = fcntl(null_fd, F_DUPFD, 3);
    if (out < 0 || null < 0 || dup2(null, 0) < 0 || dup2(out, 1) < 0 || dup2(out, 2) < 0) {
      _exit(126);
    }
  }
  // Anything else the parent holds open would otherwise outlive us in the
  // postmaster.
  close_range(3, ~0U, 0);
  EnterRoot(root);
  if (chdir("/") != 0) _exit(126);
  if (as.switch_user && (setgroups(as.groups.size(), as.groups.data()) != 0 ||
                         setgid(as.gid) != 0 || setuid(as.uid) != 0)) {
    _exit(126);
  }
}

Result<int> WaitForChild(pid_t pid) {
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return Status::IoError("waitpid: " + ErrnoText(errno));
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace

std::string ErrnoText(int err) { return std::generic_category().message(err); }

Result<RunAs> ResolveRunAs(const fs::path& dir, bool existing_cluster) {
  if (geteuid() != 0) return RunAs{};
  struct stat st {};
  if (existing_cluster && stat(dir.c_str(), &st) == 0 && st.st_uid != 0) {
    Result<RunAs> owner = LookUpUser(nullptr, st.st_uid);
    if (owner.ok()) return owner;
    return RunAs{true, std::to_string(st.st_uid), st.st_uid, st.st_gid, {st.st_gid}};
  }
  Result<RunAs> postgres = LookUpUser("postgres", 0);
  if (postgres.ok()) return postgres;
  return Status::InvalidArgument(
      "running as root, but there is no user \"postgres\" to run PostgreSQL as (it refuses to "
      "run as root): install postgresql, or run skyseed as an ordinary user");
}

// fork/exec rather than a shell, so paths with spaces need no quoting.
Result<CommandOutput> RunCommand(const std::vector<std::string>& args, const RunAs& as,
                                 const ServerRoot& where) {
  SKYSEED_ASSIGN_OR_RETURN(const RootPaths root, PrepareRoot(where));
  std::vector<char*> argv;
  argv.reserve(args.size() + 1);
  for (const std::string& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
  argv.push_back(nullptr);
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) return Status::IoError("pipe: " + ErrnoText(errno));
  const int null_fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
  const pid_t pid = null_fd < 0 ? -1 : fork();
  if (pid == 0) {
    PrepareChild(as, fds[1], null_fd, root);
    execv(argv[0], argv.data());
    _exit(127);
  }
  const int fork_errno = errno;
  close(fds[1]);
  if (null_fd >= 0) close(null_fd);
  if (pid < 0) {
    close(fds[0]);
    return Status::IoError("cannot run " + args[0] + ": " + ErrnoText(fork_errno));
  }
  CommandOutput out;
  char buf[4096];
  for (;;) {
    const ssize_t n = read(fds[0], buf, sizeof(buf));
    if (n > 0) out.output.append(buf, static_cast<size_t>(n));
    if (n == 0 || (n < 0 && errno != EINTR)) break;
  }
  close(fds[0]);
  SKYSEED_ASSIGN_OR_RETURN(int code, WaitForChild(pid));
  out.exit_code = code;
  if (out.exit_code == 127) out.output += "\ncannot execute " + args[0];
  if (out.exit_code == 125 && !where.root.empty()) {
    out.output += "\ncannot enter the root " + where.root + " (a mount namespace needs root)";
  }
  return out;
}

Result<std::optional<fs::path>> FirstUnsearchable(const RunAs& as, const fs::path& dir) {
  std::vector<std::string> prefixes;
  fs::path prefix;
  for (const fs::path& part : dir) prefixes.push_back((prefix /= part).string());
  const pid_t pid = fork();
  if (pid == 0) {
    PrepareChild(as, -1, -1);
    for (size_t i = 0; i < prefixes.size(); ++i) {
      if (access(prefixes[i].c_str(), X_OK) != 0) {
        _exit(static_cast<int>(std::min<size_t>(i + 1, 125)));
      }
    }
    _exit(0);
  }
  if (pid < 0) return Status::IoError("fork: " + ErrnoText(errno));
  SKYSEED_ASSIGN_OR_RETURN(int code, WaitForChild(pid));
  if (code == 0) return std::optional<fs::path>();
  if (code > 125) return Status::IoError("cannot switch to user " + as.name);
  return std::optional<fs::path>(prefixes[static_cast<size_t>(code - 1)]);
}

}  // namespace skyseed
