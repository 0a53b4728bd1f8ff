// `skyseed tapbench`: pgbench's counterpart for a TAP service. A closed-loop
// load of ADQL queries on its synchronous endpoint, every request in a log,
// a pgbench-like summary on stdout.
#include <sys/prctl.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>

#include "app/commands.h"
#include "app/tapbench_options.h"
#include "capacity/latency_stats.h"
#include "common/file_writes.h"
#include "common/service_url.h"
#include "console/signal_watch.h"
#include "tap/tap_load.h"
#include "tap/tap_request_log.h"

namespace skyseed {
namespace {

void PrintSummary(const TapLoadOptions& o, const TapLoadSummary& s,
                  const std::vector<TapRequestRecord>& log) {
  std::map<std::string, uint64_t> per_outcome;
  for (const TapRequestRecord& r : log) ++per_outcome[r.outcome];
  std::printf("requests: %llu\n", static_cast<unsigned long long>(s.requests));
  std::string failures;
  for (const std::string& outcome : TapOutcomes()) {
    if (outcome == "ok" || per_outcome[outcome] == 0) continue;
    failures +=
        (failures.empty() ? " (" : ", ") + outcome + " " + std::to_string(per_outcome[outcome]);
  }
  if (!failures.empty()) failures += ")";
  std::printf("failed: %llu%s\n", static_cast<unsigned long long>(s.failed), failures.c_str());
  std::printf("rate: %.2f requests/s\n", s.seconds > 0 ? s.requests / s.seconds : 0.0);
  std::printf("duration: %.3f s\n", s.seconds);
  // Like pgbench's, latencies are those of the requests that succeeded: a
  // refused connection's few microseconds would flatter the percentiles.
  for (size_t c = 0; c < o.classes.size(); ++c) {
    std::vector<double> ok_ms;
    uint64_t n = 0, failed = 0;
    for (const TapRequestRecord& r : log) {
      if (r.query_class != static_cast<int>(c)) continue;
      ++n;
      if (r.failed()) {
        ++failed;
      } else {
        ok_ms.push_back(r.latency_us / 1000.0);
      }
    }
    std::printf("class %s: %llu requests, %llu failed, ", o.classes[c].name.c_str(),
                static_cast<unsigned long long>(n), static_cast<unsigned long long>(failed));
    if (ok_ms.empty()) {
      std::printf("p50/p95/p99 - (none succeeded)\n");
    } else {
      const LatencySummary l = SummariseLatencies(ok_ms);
      std::printf("p50/p95/p99 %.1f/%.1f/%.1f ms\n", l.p50, l.p95, l.p99);
    }
  }
}

// Run by a sweep, tapbench ends with it: after a kill -9 of the sweep it
// would otherwise go on loading a service that is gone (failing fast, on
// the CPUs the next window measures) until its --time ran out.
void EndWithSweep() {
  const char* parent = std::getenv(kTapbenchParentEnv);
  if (parent == nullptr) return;
  prctl(PR_SET_PDEATHSIG, SIGTERM);
  if (getppid() != std::atoi(parent)) raise(SIGTERM);  // it died before prctl
}

Status RunTapbench(const TapbenchArgs& a) {
  EndWithSweep();
  SKYSEED_ASSIGN_OR_RETURN(const TapLoadOptions o, ParseTapbenchOptions(a));
  const std::string shown = ServiceUrl{o.url, o.userinfo}.Shown();
  std::printf("tapbench: %s/sync, %d clients, %g s, %zu classes, log %s\n", shown.c_str(),
              o.clients, o.seconds, o.classes.size(), a.log.c_str());
  std::fflush(stdout);
  UnwindOnInterrupt("the requests made until then are in " + a.log);
  std::vector<TapRequestRecord> log;
  SKYSEED_ASSIGN_OR_RETURN(const TapLoadSummary s, RunTapLoad(o, &log));
  // Written also when interrupted: what was measured is still data.
  std::string text;
  for (const TapRequestRecord& r : log) text += FormatTapRequestLine(r);
  SKYSEED_RETURN_IF_ERROR(WriteFileAtomically(a.log, text));
  PrintSummary(o, s, log);
  // Like pgbench, failed requests are results; only a service never reached
  // is a failed run.
  const bool reached = std::any_of(
      log.begin(), log.end(), [](const TapRequestRecord& r) { return r.outcome != "transport"; });
  if (!reached) {
    return Status::Unavailable(log.empty()
                                   ? "no request was sent to " + shown
                                   : "no request reached " + shown + ": " + log.front().message);
  }
  return Status::Ok();
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
  cmd->callback([=] { *run = [=]() -> Status { return RunTapbench(*a); }; });
}

}  // namespace skyseed
