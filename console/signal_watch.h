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

// For a command with no database connection that still has something to
// save when interrupted (tapbench's log of what it measured): the first
// signal then unwinds it instead of ending skyseed as the signal would, and
// `line` is the line printed. Call before the work starts.
void UnwindOnInterrupt(std::string line);

// The line to print and the exit code (128 + signal) once interrupted; the
// code is 0 when no signal came.
int InterruptExitCode();
std::string InterruptedLine();

}  // namespace skyseed
