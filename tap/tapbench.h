// tapbench's whole run, as a library: the closed loop of RunTapLoad, every
// request in a log file, and a pgbench-like summary on stdout ("requests: N",
// failures by kind, rate, per-class percentiles). `skyseed tapbench` is a
// thin command around it, and a TAP sweep's window runs it in a child
// process of its own (common/child_process.h RunInChild), so the load
// generator's CPU is measured apart from everything else.
#pragma once

#include <string>
#include <vector>

#include "common/status.h"
#include "tap/tap_load.h"

namespace skyseed {

// Unavailable when no request reached the service (like pgbench, failed
// requests are results; only a service never reached is a failed run). The
// log is written also when the run is interrupted: what was measured is data.
// With `log_fd` (opened for it, and closed here), the log goes there and
// log_path is only its name: a sweep's tapbench opens it before it gives up
// root's ids for the cluster owner's.
Status RunTapbench(const TapLoadOptions& o, const std::string& log_path, int log_fd = -1);

// The queries of a query file's text: one per line, blank lines and lines
// starting with "--" skipped, surrounding whitespace trimmed.
std::vector<std::string> QueriesOfText(const std::string& text);

}  // namespace skyseed
