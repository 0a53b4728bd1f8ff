// Fault points for the fault-injection tests. With SKYSEED_KILL_AT=<point>:<n>
// in the environment, the n-th pass through FaultPoint("<point>") kills the
// process with SIGKILL: exactly a `kill -9` from outside, but at an instant a
// test can name (mid-COPY, between chunks, inside the tier record's
// transaction) instead of one it must race for. SKYSEED_STOP_AT stops the
// process there with SIGSTOP instead, so a test can act on the server at
// that instant (terminate a backend, restart it) and then resume it with
// SIGCONT. Unset, a point costs one comparison.
#pragma once

namespace skyseed {

void FaultPoint(const char* point);

}  // namespace skyseed
