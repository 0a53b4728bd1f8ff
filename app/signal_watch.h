// SIGINT and SIGTERM, handled by one thread instead of killing skyseed
// while its COPY, CREATE INDEX or VACUUM backends run on: the first signal
// cancels every statement in flight (the transactions roll back, committed
// chunks stay) and lets the command unwind; a second one exits at once.
#pragma once

#include <string>

namespace skyseed {

// Blocks SIGINT and SIGTERM and starts the thread that waits for them. Call
// first in main, before any other thread exists, so that every thread
// inherits the blocked mask and only the watcher receives them.
void StartSignalWatch();

// The line to print and the exit code (128 + signal) once interrupted; the
// code is 0 when no signal came.
int InterruptExitCode();
std::string InterruptedLine();

}  // namespace skyseed
