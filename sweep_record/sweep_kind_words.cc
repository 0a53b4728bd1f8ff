#include "sweep_record/sweep_kind_words.h"

namespace skyseed {
namespace {

constexpr SweepKindWords kDatabaseWords{
    "tps",
    "transactions per second",
    "pgbench clients",
    "transaction",
    "database sweep",
    "sweep.json",
    "sweep_",
    "Capacity sweep",
    "Saturation",
    "Committed transactions per second against pgbench clients",
    "Percentiles of single-transaction latency from pgbench's per-transaction logs, tier ",
    "Transactions pgbench counted as failed",
};

constexpr SweepKindWords kTapWords{
    "req/s",
    "requests per second",
    "TAP clients (skyseed tapbench)",
    "request",
    "TAP sweep",
    "tap-sweep.json",
    "tap_sweep_",
    "Capacity sweep through the TAP service",
    "Saturation through the TAP service",
    "Answered TAP requests per second against tapbench clients",
    "Percentiles of request latency (to the last byte) from tapbench's request logs, tier ",
    "Requests that failed (an HTTP error, an ERROR or OVERFLOW status, a truncated VOTable, a "
    "timeout)",
};

}  // namespace

const SweepKindWords& WordsOf(SweepKind kind) {
  return kind == SweepKind::kTap ? kTapWords : kDatabaseWords;
}

}  // namespace skyseed
