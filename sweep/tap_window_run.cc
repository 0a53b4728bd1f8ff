#include "sweep/tap_window_run.h"

#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>

#include "common/child_process.h"
#include "common/file_reads.h"
#include "common/file_writes.h"
#include "sweep/window_frame.h"
#include "tap/tap_request_log.h"
#include "tap/tapbench.h"

namespace fs = std::filesystem;

namespace skyseed {
namespace {

constexpr const char* kLogName = "requests.log";

void SummariseRequests(const std::vector<TapRequestRecord>& records,
                       const std::vector<TapMixClass>& mix, SweepWindow* w) {
  std::vector<double> all;
  std::vector<std::vector<double>> per_class(mix.size());
  std::vector<double> class_bytes(mix.size(), 0);
  for (const TapRequestRecord& r : records) {
    w->response_bytes += static_cast<double>(r.bytes);
    if (r.failed()) {
      ++w->failed;
      continue;
    }
    const double ms = r.latency_us / 1000.0;
    all.push_back(ms);
    if (r.query_class >= 0 && static_cast<size_t>(r.query_class) < mix.size()) {
      per_class[r.query_class].push_back(ms);
      class_bytes[r.query_class] += static_cast<double>(r.bytes);
    }
  }
  std::vector<std::string> names;
  std::map<std::string, double> bytes_per_answer;
  for (size_t i = 0; i < mix.size(); ++i) {
    names.push_back(mix[i].query_class->name);
    if (!per_class[i].empty())
      bytes_per_answer[names.back()] = class_bytes[i] / per_class[i].size();
  }
  SummariseAnswered(std::move(all), std::move(per_class), names, w);
  // Latency against response size: the cost the service adds per byte.
  for (ClassLatency& c : w->classes) {
    const auto it = bytes_per_answer.find(c.query_class);
    if (it != bytes_per_answer.end()) c.bytes_per_answer = it->second;
  }
}

// The limit's throttling over the window: the throttled periods' share of
// the periods its `wall_seconds` span, for each of the `groups` limits.
void ApplyThrottling(const CpuThrottling& d, size_t groups, double wall_seconds, SweepWindow* w) {
  w->throttled_periods = static_cast<double>(d.throttled_periods);
  w->throttled_s = d.throttled_s;
  const double periods = wall_seconds / kCfsPeriodSeconds * static_cast<double>(groups);
  w->throttled_share = periods > 0 ? std::min(1.0, w->throttled_periods / periods) : 0;
}

}  // namespace

Result<TapLoadOptions> TapbenchOptions(const TapWindowSetting& s, int clients, int seconds) {
  TapLoadOptions o;
  o.url = s.url;
  o.userinfo = s.userinfo;
  o.clients = clients;
  o.seconds = seconds;
  o.seed = s.options.workload.seed;
  o.timeout_s = s.options.tap.timeout_s;
  for (const TapMixClass& c : s.options.tap_mix) {
    const fs::path file = fs::path(s.query_dir) / TapQueryFileName(*c.query_class);
    SKYSEED_ASSIGN_OR_RETURN(const std::string text, ReadWholeFile(file));
    o.classes.push_back({c.query_class->name, c.weight, QueriesOfText(text)});
    if (o.classes.back().queries.empty()) {
      return Status::Corruption(file.string() + " holds no query (one ADQL query per line)");
    }
  }
  return o;
}

Result<SweepWindow> RunTapWindow(const TapWindowSetting& s, PgConnection& monitor, int clients,
                                 int rep, int seconds) {
  SweepWindow w = NewWindow(s.tier, clients, rep, seconds, s.machine, clients);
  w.service_ceiling = s.service_ceiling > 0 ? s.service_ceiling : s.machine.cores;
  // A TAP service connects as roles of its own: rank every role's statements.
  w.connection_ms = s.connection_ms;
  const WindowFrame frame{s.options,      monitor,      s.caps,      StatementScope::kAnyRole,
                          s.service_pids, s.proxy_pids, s.window_dir};
  std::optional<CpuThrottling> throttling_before;
  if (s.throttling) {
    SKYSEED_ASSIGN_OR_RETURN(throttling_before, s.throttling());
  }
  const fs::path log = fs::path(s.window_dir) / kLogName;
  SKYSEED_ASSIGN_OR_RETURN(const TapLoadOptions options, TapbenchOptions(s, clients, seconds));
  LoadCommand load;
  load.output_path = (fs::path(s.window_dir) / "tapbench.out").string();
  load.name = "tapbench";
  load.in_child = [options, log, as = s.load_user, parent = getpid()] {
    int fd = -1;
    if (as) {
      // The log opened as ourselves, in --out; then the owner's ids for good
      // (which clears the parent-death signal: set again).
      Result<int> opened = CreateFreshFile(log);
      if (!opened.ok() || !SwitchToUser(*as)) return 126;
      fd = *opened;
      prctl(PR_SET_PDEATHSIG, SIGKILL);
      if (getppid() != parent) return 127;
    }
    const Status run = RunTapbench(options, log.string(), fd);
    if (run.ok()) return 0;
    // Into tapbench.out, whose last line the window's flag quotes.
    std::fprintf(stderr, "tapbench: %s\n", run.message().c_str());
    return 1;
  };
  std::error_code ec;
  fs::remove(log, ec);  // a killed run's
  const auto summarise = [&](SweepWindow* out) -> Status {
    Result<std::vector<TapRequestRecord>> records = ParseTapRequestLog(ReadWholeFileOrEmpty(log));
    if (!records.ok()) return records.status().Annotate(log.string());
    std::error_code ignored;
    if (!s.options.keep_logs) fs::remove(log, ignored);
    SummariseRequests(*records, s.options.tap_mix, out);
    return Status::Ok();
  };
  SKYSEED_ASSIGN_OR_RETURN(ProcessRun run, MeasureWindow(frame, load, summarise, &w));
  if (throttling_before) {
    SKYSEED_ASSIGN_OR_RETURN(const std::optional<CpuThrottling> after, s.throttling());
    if (after)
      ApplyThrottling(*after - *throttling_before, s.service_pids.size(), run.wall_seconds, &w);
  }
  ApplyGeneratorGuards({"tapbench", "requests: ", "requests", "tapbench client thread"},
                       s.options.rule, run, ReadWholeFileOrEmpty(load.output_path),
                       w.committed + w.failed, &w);
  return w;
}

}  // namespace skyseed
