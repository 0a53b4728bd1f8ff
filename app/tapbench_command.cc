// `skyseed tapbench`: pgbench's counterpart for a TAP service. A closed-loop
// load of ADQL queries on its synchronous endpoint, every request in a log,
// a pgbench-like summary on stdout: the options checked, then the library's
// run (tap/tapbench.h), which a sweep's windows call too.
#include <memory>

#include "app/commands.h"
#include "app/tapbench_options.h"
#include "console/signal_watch.h"
#include "tap/tapbench.h"

namespace skyseed {
namespace {

Status RunTapbenchCommand(const TapbenchArgs& a) {
  SKYSEED_ASSIGN_OR_RETURN(const TapLoadOptions o, ParseTapbenchOptions(a));
  UnwindOnInterrupt("the requests made until then are in " + a.log);
  return RunTapbench(o, a.log);
}

}  // namespace

void AddTapbenchCommand(CLI::App& app, CommandRun* run) {
  auto* cmd = app.add_subcommand(
      "tapbench",
      "Load a TAP service as pgbench loads PostgreSQL: N clients, each one thread with one "
      "kept-alive HTTP/1.1 connection, POST ADQL queries to URL/sync in a closed loop for "
      "SECONDS; every request is logged, and a summary (requests, failures by kind, rate, "
      "p50/p95/p99 per class) is printed.");
  auto a = std::make_shared<TapbenchArgs>();
  cmd->add_option("--url", a->url, "the TAP service's base URL (http:// or https://)")->required();
  cmd->add_option("--clients", a->clients, "concurrent clients, 1 to 1000")->default_val("1");
  cmd->add_option("--time", a->time, "seconds of load (a request under way is finished)")
      ->required();
  cmd->add_option("--file", a->files,
                  "CLASS=QUERYFILE@WEIGHT, repeatable: a query class, its file and its weight "
                  "(0 to 100); each request picks a class by weight, then one of its queries "
                  "uniformly")
      ->required();
  cmd->add_option("--log", a->log, "the per-request log to write (its folder must exist)")
      ->required();
  cmd->add_option("--seed", a->seed, "seed of the clients' choices (client t draws from (seed, t))")
      ->default_val("1");
  cmd->add_option("--timeout", a->timeout, "seconds a request may take before it fails")
      ->default_val("120");
  cmd->footer(
      "Query files: one ADQL query per line; blank lines and lines starting with -- are "
      "skipped.\n"
      "Each request POSTs REQUEST=doQuery&LANG=ADQL&QUERY=... and is judged: HTTP status not "
      "200 -> http; a VOTable whose INFO QUERY_STATUS is ERROR -> query-error, OVERFLOW -> "
      "overflow; a body not ending in </VOTABLE> -> truncated; no HTTP answer -> transport (the "
      "client pauses 0.1 s); "
      "else ok.\n"
      "Log: one line per request, in start order:\n"
      "  thread class start_us latency_us http_status bytes outcome [message]\n"
      "(class: the --file's index from 0; start_us: microseconds since the epoch; latency to "
      "the last byte; http_status 0 without an answer; bytes of the body; the message, on "
      "failures only, runs to the end of the line.)\n"
      "Exit 0 even when requests failed (failures are data); 1 when no request reached the "
      "service; 2 for bad options.\n"
      "Example: skyseed tapbench --url http://127.0.0.1:8080/tap --clients 8 --time 60 "
      "--file cone=cones.adql@70 --file lookup=ids.adql@30 --log tap.log");
  cmd->callback([=] { *run = [=]() -> Status { return RunTapbenchCommand(*a); }; });
}

}  // namespace skyseed
