// pgbench's per-transaction log (`pgbench -l`), the only place pgbench gives
// single latencies: percentiles must come from it, never from its averages.
// One line per transaction:
//   client_id transaction_no time script_no time_epoch time_us [schedule_lag] [retries]
// where time is the latency in microseconds, or "failed" / "skipped".
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "common/status.h"

namespace skyseed {

struct TransactionRecord {
  int client = 0;
  int script = 0;          // index of the -f script, in the order given
  int64_t latency_us = 0;  // 0 for a failed or skipped transaction
  bool failed = false;
  bool skipped = false;
  int64_t end_us = 0;  // completion time, microseconds since the epoch
};

// Every line parsed; Corruption naming the line for anything else. A last
// line without its newline (pgbench killed mid-write) is dropped.
Result<std::vector<TransactionRecord>> ParsePgbenchLog(std::string_view text);

}  // namespace skyseed
