#include "common/child_process.h"

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <thread>

#include "common/file_reads.h"
#include "common/file_writes.h"
#include "common/interrupt.h"

extern char** environ;

namespace skyseed {
namespace {

double Seconds(const timeval& tv) { return tv.tv_sec + tv.tv_usec / 1e6; }

// Waits for pid without blocking; true once it has exited.
bool Reaped(pid_t pid, int* wait_status, rusage* usage) {
  const pid_t r = wait4(pid, wait_status, WNOHANG, usage);
  return r == pid || (r < 0 && errno == ECHILD);
}

void Stop(pid_t pid, int* wait_status, rusage* usage) {
  kill(pid, SIGTERM);
  for (int i = 0; i < 50; ++i) {
    if (Reaped(pid, wait_status, usage)) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  kill(pid, SIGKILL);
  wait4(pid, wait_status, 0, usage);
}

// environ, with `added` (NAME=VALUE) in place of variables of those names.
std::vector<std::string> ChildEnvironment(const std::vector<std::string>& added) {
  std::vector<std::string> env;
  for (char** e = environ; *e != nullptr; ++e) {
    const std::string entry = *e;
    const std::string name = entry.substr(0, entry.find('='));
    bool replaced = false;
    for (const std::string& a : added) replaced |= a.substr(0, a.find('=')) == name;
    if (!replaced) env.push_back(entry);
  }
  env.insert(env.end(), added.begin(), added.end());
  return env;
}

// Waits for the child `pid` started at `start`, calling on_tick about every
// tick_seconds; stops it on an interrupt or a failed tick.
Result<ProcessRun> WaitWithTicks(pid_t pid, std::chrono::steady_clock::time_point start,
                                 double tick_seconds, const std::function<Status()>& on_tick) {
  int wait_status = 0;
  rusage usage{};
  Status tick_failure;
  auto next_tick = start;
  while (!Reaped(pid, &wait_status, &usage)) {
    if (Interrupted()) {
      Stop(pid, &wait_status, &usage);
      return Status::Database("interrupted during a load generator's window");
    }
    if (std::chrono::steady_clock::now() >= next_tick) {
      next_tick += std::chrono::duration_cast<std::chrono::steady_clock::duration>(
          std::chrono::duration<double>(tick_seconds));
      tick_failure = on_tick();
      if (!tick_failure.ok()) {
        Stop(pid, &wait_status, &usage);
        return tick_failure;
      }
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  ProcessRun run;
  run.wall_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  run.cpu_seconds = Seconds(usage.ru_utime) + Seconds(usage.ru_stime);
  run.exit_code = WIFEXITED(wait_status) ? WEXITSTATUS(wait_status) : 128 + WTERMSIG(wait_status);
  return run;
}

}  // namespace

Result<ProcessRun> RunProcess(const std::vector<std::string>& argv, const std::string& cwd,
                              const std::string& output_path, double tick_seconds,
                              const std::function<Status()>& on_tick,
                              const std::vector<std::string>& environment) {
  SKYSEED_ASSIGN_OR_RETURN(const int out, CreateFreshFile(output_path, 0644));
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, out, STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, out, STDERR_FILENO);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addchdir_np(&actions, cwd.c_str());
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  const auto start = std::chrono::steady_clock::now();
  // skyseed blocks SIGINT and SIGTERM for its signal watcher; pgbench must
  // not inherit that.
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t none, defaults;
  sigemptyset(&none);
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGINT);
  sigaddset(&defaults, SIGTERM);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  const std::vector<std::string> env_text = ChildEnvironment(environment);
  std::vector<char*> env;
  for (const std::string& e : env_text) env.push_back(const_cast<char*>(e.c_str()));
  env.push_back(nullptr);
  const int err = posix_spawnp(&pid, args[0], &actions, &attr, args.data(), env.data());
  posix_spawnattr_destroy(&attr);
  posix_spawn_file_actions_destroy(&actions);
  close(out);
  if (err != 0) return Status::IoError("cannot run " + argv[0] + ": " + std::strerror(err));

  return WaitWithTicks(pid, start, tick_seconds, on_tick);
}

Result<ProcessRun> RunInChild(const char* name, const std::function<int()>& body,
                              const std::string& cwd, const std::string& output_path,
                              double tick_seconds, const std::function<Status()>& on_tick) {
  SKYSEED_ASSIGN_OR_RETURN(const int out, CreateFreshFile(output_path, 0644));
  std::fflush(nullptr);  // what stdio holds now is the parent's to write, once
  const auto start = std::chrono::steady_clock::now();
  const pid_t parent = getpid();
  const pid_t pid = fork();
  if (pid < 0) {
    close(out);
    return Status::IoError(std::string("cannot start ") + name + ": " + std::strerror(errno));
  }
  if (pid == 0) {
    // Ends with the parent: after a kill -9 of a sweep, a load generator left
    // running would load a service that is gone, on the CPUs the next
    // window measures.
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) _exit(127);
    prctl(PR_SET_NAME, name);
    dup2(out, STDOUT_FILENO);
    dup2(out, STDERR_FILENO);
    close(out);
    const int null = open("/dev/null", O_RDONLY);
    if (null >= 0) dup2(null, STDIN_FILENO);
    if (chdir(cwd.c_str()) != 0) _exit(126);
    // skyseed blocks SIGINT and SIGTERM for its signal watcher thread, which
    // a forked child does not have: here they end the child.
    sigset_t all;
    sigemptyset(&all);
    sigaddset(&all, SIGINT);
    sigaddset(&all, SIGTERM);
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    pthread_sigmask(SIG_UNBLOCK, &all, nullptr);
    const int code = body();
    std::fflush(nullptr);
    _exit(code);
  }
  close(out);
  return WaitWithTicks(pid, start, tick_seconds, on_tick);
}

}  // namespace skyseed

namespace skyseed {

Status RunTool(const std::vector<std::string>& argv, const std::string& output_path,
               const std::vector<std::string>& environment) {
  const std::filesystem::path out(output_path);
  SKYSEED_ASSIGN_OR_RETURN(ProcessRun run, RunProcess(
                                               argv, out.parent_path().string(), output_path, 1.0,
                                               [] { return Status::Ok(); }, environment));
  if (run.exit_code == 0) return Status::Ok();
  std::string text = ReadWholeFileOrEmpty(out);
  while (!text.empty() && text.back() == '\n') text.pop_back();
  const size_t nl = text.rfind('\n');
  return Status::Database(argv[0] + " failed (exit " + std::to_string(run.exit_code) +
                          "): " + (nl == std::string::npos ? text : text.substr(nl + 1)));
}

}  // namespace skyseed
