// What opening a connection costs the server. DaCHS opens a new PostgreSQL
// connection for every request; each one forks a backend that initialises
// itself before running anything, on the database's CPU. A TAP window counts
// the sessions opened, and this probe, run at the same tier, prices one.
#pragma once

#include <string>

#include "common/status.h"

namespace skyseed {

// PostgreSQL's CPU (the postmaster's whole tree) per connect-and-disconnect
// through `conninfo`, in ms, over `connections` made one after the other;
// -1 when `postmaster_pid` is 0 (the server is not on this host).
Result<double> ProbeConnectionCpuMs(const std::string& conninfo, int postmaster_pid,
                                    int connections = 100);

}  // namespace skyseed
