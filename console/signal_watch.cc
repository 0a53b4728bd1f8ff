#include "console/signal_watch.h"

#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cstring>
#include <ctime>
#include <thread>

#include "common/interrupt.h"
#include "loader/pg_connection.h"

namespace skyseed {
namespace {

// A statement sent just as the first signal came may miss that cancel
// request, so cancels are repeated while the command unwinds; past the
// grace period something is stuck (a pgbench child, a hung network), and
// skyseed exits anyway.
constexpr long kRecancelNanos = 200'000'000;
constexpr int kGraceSeconds = 20;

std::atomic<bool> unwind_without_connections{false};
std::string& UnwindLine() {
  static std::string line;
  return line;
}

// Only async-signal-safe calls once we decide to leave without unwinding.
[[noreturn]] void ExitNow(int sig, const char* why) {
  (void)!write(STDERR_FILENO, why, std::strlen(why));
  _exit(128 + sig);
}

// Ends the process by `sig` itself, as if it had never been blocked.
[[noreturn]] void DieBy(int sig) {
  signal(sig, SIG_DFL);
  sigset_t just;
  sigemptyset(&just);
  sigaddset(&just, sig);
  pthread_sigmask(SIG_UNBLOCK, &just, nullptr);
  kill(getpid(), sig);
  _exit(128 + sig);
}

void Watch(sigset_t signals) {
  int sig = 0;
  while (sigwait(&signals, &sig) != 0) {
  }
  // Before any connection exists (option checks, initdb, the server's start)
  // there is nothing to cancel or roll back: leave as the signal would have.
  if (!AnyConnectionOpened() && !unwind_without_connections) DieBy(sig);
  RequestInterrupt(sig);
  CancelAllStatements();
  const timespec pause{0, kRecancelNanos};
  for (long waited = 0; waited < kGraceSeconds * 1'000'000'000L; waited += kRecancelNanos) {
    const int again = sigtimedwait(&signals, nullptr, &pause);
    if (again > 0) ExitNow(again, "skyseed: second signal; exiting at once\n");
    CancelAllStatements();
  }
  ExitNow(sig, "skyseed: interrupted, and still busy after 20 s; exiting\n");
}

}  // namespace

void StartSignalWatch() {
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  std::thread(Watch, signals).detach();
}

void UnwindOnInterrupt(std::string line) {
  UnwindLine() = std::move(line);
  unwind_without_connections = true;
}

int InterruptExitCode() {
  const int sig = InterruptSignal();
  return sig == 0 ? 0 : 128 + sig;
}

std::string InterruptedLine() {
  const char* name = InterruptSignal() == SIGINT ? "SIGINT" : "SIGTERM";
  if (unwind_without_connections) {
    return std::string("skyseed: interrupted by ") + name + "; " + UnwindLine();
  }
  return std::string("skyseed: interrupted by ") + name +
         "; the statements in flight were cancelled and rolled back, every committed chunk is "
         "kept: run the same command again to resume";
}

}  // namespace skyseed
