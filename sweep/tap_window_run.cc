#include "sweep/tap_window_run.h"

#include <cstdlib>
#include <filesystem>
#include <map>

#include "common/file_reads.h"
#include "sweep/cpu_attribution.h"
#include "sweep/pgbench_process.h"
#include "sweep/sweep_window_run.h"
#include "sweep/tap_request_log.h"

namespace fs = std::filesystem;

namespace skyseed {
namespace {

constexpr const char* kLogName = "requests.log";

// tapbench's own count, to check the log against: "requests: N".
long long ReportedRequests(const std::string& output) {
  const std::string key = "requests: ";
  const size_t at = output.find(key);
  if (at == std::string::npos) return -1;
  return std::strtoll(output.c_str() + at + key.size(), nullptr, 10);
}

void SummariseRequests(const std::vector<TapRequestRecord>& records,
                       const std::vector<TapMixClass>& mix, SweepWindow* w) {
  std::vector<double> all;
  std::vector<std::vector<double>> per_class(mix.size());
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
    }
  }
  w->committed = all.size();
  w->latency_ms = SummariseLatencies(std::move(all));
  for (size_t i = 0; i < mix.size(); ++i) {
    w->classes.push_back({mix[i].query_class->name, SummariseLatencies(std::move(per_class[i]))});
  }
  const double attempted = static_cast<double>(w->committed + w->failed);
  w->error_rate = attempted > 0 ? w->failed / attempted : 0;
  w->tps = w->seconds > 0 ? w->committed / w->seconds : 0;
}

}  // namespace

Result<std::vector<std::string>> TapbenchArgs(const TapWindowSetting& s, int clients, int seconds) {
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return Status::IoError("cannot find the skyseed binary to run tapbench: " + ec.message());
  std::vector<std::string> args = {self.string(), "tapbench",
                                   "--url",       s.url,
                                   "--clients",   std::to_string(clients),
                                   "--time",      std::to_string(seconds),
                                   "--seed",      std::to_string(s.options.workload.seed),
                                   "--log",       (fs::path(s.window_dir) / kLogName).string()};
  char timeout[32];
  std::snprintf(timeout, sizeof timeout, "%g", s.options.tap.timeout_s);
  args.insert(args.end(), {"--timeout", timeout});
  for (const TapMixClass& c : s.options.tap_mix) {
    args.push_back("--file");
    args.push_back(std::string(c.query_class->name) + "=" +
                   (fs::path(s.query_dir) / TapQueryFileName(*c.query_class)).string() + "@" +
                   std::to_string(c.weight));
  }
  return args;
}

Result<SweepWindow> RunTapWindow(const TapWindowSetting& s, PgConnection& monitor, int clients,
                                 int rep, int seconds) {
  std::error_code ec;
  fs::create_directories(s.window_dir, ec);
  if (ec) return Status::IoError(s.window_dir + ": " + ec.message());
  SweepWindow w;
  w.tier = s.tier;
  w.clients = clients;
  w.rep = rep;
  w.seconds = seconds;
  w.cores = s.machine.cores;
  w.client_threads = clients;  // one thread per client
  w.service_ceiling = s.service_ceiling > 0 ? s.service_ceiling : s.machine.cores;
  const double swap_before = SwapUsedMiB();
  Result<ServerSnapshot> before = TakeSnapshot(monitor, s.caps, StatementScope::kAnyRole);
  if (!before.ok()) return before.status().Annotate("reading the server before the window");
  const int postmaster = LocalPostmasterPid(monitor.backend_pid());
  const CpuReading cpu_before = ReadCpu(postmaster, s.service_pid);
  std::map<std::string, int> waits;
  const std::string output = (fs::path(s.window_dir) / "tapbench.out").string();
  fs::remove(fs::path(s.window_dir) / kLogName, ec);  // a killed run's
  SKYSEED_ASSIGN_OR_RETURN(std::vector<std::string> args, TapbenchArgs(s, clients, seconds));
  SKYSEED_ASSIGN_OR_RETURN(ProcessRun run, RunProcess(args, s.window_dir, output, 0.5, [&] {
                             return SampleWaitEvents(monitor, &waits);
                           }));
  ApplyCpuShares(AttributeCpu(cpu_before, ReadCpu(postmaster, s.service_pid), run.cpu_seconds,
                              run.wall_seconds),
                 s.options.rule, &w);
  const std::string log_text = ReadWholeFileOrEmpty(fs::path(s.window_dir) / kLogName);
  SKYSEED_ASSIGN_OR_RETURN(std::vector<TapRequestRecord> records, ParseTapRequestLog(log_text));
  if (!s.options.keep_logs) fs::remove(fs::path(s.window_dir) / kLogName, ec);
  SummariseRequests(records, s.options.tap_mix, &w);
  Result<ServerSnapshot> after = TakeSnapshot(monitor, s.caps, StatementScope::kAnyRole);
  if (!after.ok() || after->postmaster_start != before->postmaster_start) {
    w.flags.push_back("server restarted or unreachable during the window");
  } else {
    ApplyServerDeltas(*before, *after, &w);
  }
  if (run.exit_code != 0) {
    w.flags.push_back("tapbench exited with code " + std::to_string(run.exit_code));
  }
  const long long reported = ReportedRequests(ReadWholeFileOrEmpty(output));
  if (reported >= 0 && static_cast<uint64_t>(reported) != w.committed + w.failed) {
    w.flags.push_back("log holds " + std::to_string(w.committed + w.failed) +
                      " requests, tapbench says " + std::to_string(reported));
  }
  FlagClientCeiling(s.options.rule, "tapbench client thread", &w);
  ApplyMachineGuards(s.options, swap_before, &w);
  for (const auto& [event, n] : waits) w.wait_events[event] = n;
  if (after.ok() && before.ok()) w.statements = StatementDeltas(*before, *after, 5);
  return w;
}

}  // namespace skyseed
