// Whether the user asked skyseed to stop (SIGINT, SIGTERM). The app's signal
// watcher records the signal here; the libpq boundary then refuses new
// statements, and waits (retry back-off, pgbench windows) end early, so that
// every command unwinds through its normal error path: transactions roll
// back, committed chunks stay.
#pragma once

namespace skyseed {

// Records `signal` (the first one wins). Thread-safe.
void RequestInterrupt(int signal);
// The signal that interrupted skyseed, 0 if none.
int InterruptSignal();
inline bool Interrupted() { return InterruptSignal() != 0; }

}  // namespace skyseed
