// What every measurement window does around its load generator, whichever
// it is (pgbench on the database, tapbench on a TAP service): the server's
// and the machine's readings before, the generator run while the server's
// wait events are sampled, CPU attributed per process tree, the generator's
// own log summarised, the readings after, and the guards that do not depend
// on the generator. Each kind adds only its command line, its log and its
// own guards.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "common/child_process.h"
#include "common/machine_stats.h"
#include "common/status.h"
#include "loader/pg_connection.h"
#include "sweep/cpu_attribution.h"
#include "sweep/server_stats.h"
#include "sweep/sweep_options.h"
#include "sweep_record/sweep_window.h"

namespace skyseed {

struct WindowFrame {
  const SweepOptions& options;
  PgConnection& monitor;
  const ServerCapabilities& caps;
  StatementScope scope = StatementScope::kLoadRole;
  std::vector<int> service_pids;  // a TAP service's process trees; empty: none
  std::vector<int> proxy_pids;    // its pooler and haproxy
  std::string window_dir;         // created
};

// A window's identity and the host it ran on.
SweepWindow NewWindow(const std::string& tier, int clients, int rep, int seconds,
                      const MachineFacts& machine, int client_threads);

// The load generator of a window: a program (pgbench) or, for skyseed's own
// tapbench, a function run in a child process named `name`.
struct LoadCommand {
  std::vector<std::string> argv;
  std::string output_path;               // the generator's stdout and stderr
  std::vector<std::string> environment;  // NAME=VALUE additions
  const char* name = nullptr;            // set with in_child
  std::function<int()> in_child;         // when set, run instead of argv
};

// Runs the generator and fills *w: CPU shares, server deltas, statements,
// wait events, the machine guards; `summarise` reads the generator's log
// into *w once it has exited. Returns the generator's run for its own
// guards. Fails only when the generator cannot be run or its log read.
Result<ProcessRun> MeasureWindow(const WindowFrame& f, const LoadCommand& load,
                                 const std::function<Status(SweepWindow*)>& summarise,
                                 SweepWindow* w);

// Fills in a window's counts and percentiles from what its generator logged:
// the latencies of the answered requests (overall and by class, in the
// order of `class_names`); w->failed already counts the others.
void SummariseAnswered(std::vector<double> answered_ms, std::vector<std::vector<double>> by_class,
                       const std::vector<std::string>& class_names, SweepWindow* w);

// The load generator's own guards, from its exit and its summary: it ran to
// completion, and its log holds as many `unit`s as the summary says (the
// count printed after `count_key`, e.g. "requests: "), and no thread of it
// was at its CPU ceiling.
struct GeneratorSummary {
  const char* name;       // "pgbench"
  const char* count_key;  // "number of transactions actually processed: "
  const char* unit;       // "transactions"
  const char* thread;     // "pgbench thread"
};
void ApplyGeneratorGuards(const GeneratorSummary& g, const SaturationRule& rule,
                          const ProcessRun& run, const std::string& output, uint64_t logged,
                          SweepWindow* w);

// Flags a window whose load generator had a thread at its CPU ceiling.
void FlagClientCeiling(const SaturationRule& rule, const std::string& thread_name, SweepWindow* w);

}  // namespace skyseed
