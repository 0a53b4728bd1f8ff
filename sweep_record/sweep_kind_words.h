// How a sweep of each kind is named wherever it is shown or written: its
// units, its axes, its file, its titles and what its charts count. The one
// table a kind's words live in, so the report, compare and the targets read
// them instead of switching on the kind; a new target adds one row here.
#pragma once

#include "sweep_record/sweep_key.h"

namespace skyseed {

struct SweepKindWords {
  const char* units;        // what a window counts per second: "tps", "req/s"
  const char* rate;         // the throughput axis: "transactions per second"
  const char* clients;      // the client axis: "pgbench clients"
  const char* per;          // one unit of work: "transaction", "request"
  const char* name;         // "database sweep", "TAP sweep"
  const char* record_file;  // what the sweep writes in --out: "sweep.json"
  const char* file_prefix;  // the report's chart files: "sweep_", "tap_sweep_"
  const char* title;        // "Capacity sweep", "Capacity sweep through the TAP service"
  const char* saturation;   // the findings table's title
  const char* throughput;   // the throughput chart's caption, up to ", one line per tier"
  const char* latency;      // the latency chart's caption, up to the tier
  const char* errors;       // the errors chart's caption, up to " as a share of all"
};

const SweepKindWords& WordsOf(SweepKind kind);

}  // namespace skyseed
