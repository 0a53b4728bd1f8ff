#include "sweep/sweep_window_run.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>

#include "common/file_reads.h"
#include "sweep/cpu_attribution.h"
#include "sweep/pgbench_log.h"
#include "sweep/pgbench_process.h"

namespace fs = std::filesystem;

namespace skyseed {
namespace {

constexpr double kMinDiskFreeGiB = 1.0;
constexpr double kSwapGrowthMiB = 1.0;
constexpr const char* kLogPrefix = "tx";

// pgbench's own count, to check the logs against: "number of transactions
// actually processed: N".
long long ReportedTransactions(const std::string& output) {
  const std::string key = "number of transactions actually processed: ";
  const size_t at = output.find(key);
  if (at == std::string::npos) return -1;
  return std::strtoll(output.c_str() + at + key.size(), nullptr, 10);
}

std::string Cores(double v) {
  char text[16];
  std::snprintf(text, sizeof text, "%.2f", v);
  return text;
}

bool IsTransactionLog(const fs::path& p) {
  return p.filename().string().rfind(std::string(kLogPrefix) + ".", 0) == 0;
}

// Logs of an earlier run of this window (killed, or a warm-up) must not be
// counted in this one.
void ClearLogs(const fs::path& dir) {
  std::error_code ec;
  for (const fs::directory_entry& e : fs::directory_iterator(dir, ec)) {
    if (IsTransactionLog(e.path())) fs::remove(e.path(), ec);
  }
}

// Every per-thread log of the window ("tx.<pid>" and "tx.<pid>.<thread>").
Result<std::vector<TransactionRecord>> ReadLogs(const fs::path& dir, bool keep) {
  std::vector<TransactionRecord> all;
  std::error_code ec;
  for (const fs::directory_entry& e : fs::directory_iterator(dir, ec)) {
    if (!IsTransactionLog(e.path())) continue;
    Result<std::vector<TransactionRecord>> r = ParsePgbenchLog(ReadWholeFileOrEmpty(e.path()));
    if (!r.ok()) return r.status().Annotate(e.path().string());
    all.insert(all.end(), r->begin(), r->end());
    if (!keep) fs::remove(e.path(), ec);  // the figures are kept; the raw log is large
  }
  if (ec) return Status::IoError(dir.string() + ": " + ec.message());
  return all;
}

void SummariseTransactions(const std::vector<TransactionRecord>& records,
                           const std::vector<MixClass>& mix, SweepWindow* w) {
  std::vector<double> all;
  std::vector<std::vector<double>> per_class(mix.size());
  for (const TransactionRecord& r : records) {
    if (r.failed || r.skipped) {
      ++w->failed;
      continue;
    }
    const double ms = r.latency_us / 1000.0;
    all.push_back(ms);
    if (static_cast<size_t>(r.script) < mix.size()) per_class[r.script].push_back(ms);
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

// pgbench's own guards: a window failing one is flagged, never averaged in.
void ApplyPgbenchGuards(const WindowSetting& s, const ProcessRun& run,
                        const std::string& pgbench_output, SweepWindow* w) {
  if (run.exit_code != 0) {
    w->flags.push_back("pgbench exited with code " + std::to_string(run.exit_code));
  }
  const long long reported = ReportedTransactions(pgbench_output);
  if (reported >= 0 && static_cast<uint64_t>(reported) != w->committed) {
    w->flags.push_back("log holds " + std::to_string(w->committed) +
                       " transactions, pgbench says " + std::to_string(reported));
  }
  FlagClientCeiling(s.options.rule, "pgbench thread", w);
}

}  // namespace

void ApplyServerDeltas(const ServerSnapshot& a, const ServerSnapshot& b, SweepWindow* w) {
  const double hit = b.blks_hit - a.blks_hit;
  const double read = b.blks_read - a.blks_read;
  w->hit_ratio = hit + read > 0 ? hit / (hit + read) : 1;
  w->reads_per_s = w->seconds > 0 ? read / w->seconds : 0;
  w->temp_bytes = b.temp_bytes - a.temp_bytes;
  w->read_ms = b.blk_read_ms - a.blk_read_ms;
}

void FlagClientCeiling(const SaturationRule& rule, const std::string& thread_name, SweepWindow* w) {
  const double per_thread = w->client_cores / w->client_threads;
  if (per_thread >= rule.client_thread_busy) {
    w->flags.push_back("load generator at its ceiling: " + std::to_string(per_thread).substr(0, 4) +
                       " cores per " + thread_name);
  }
}

void ApplyMachineGuards(const SweepOptions& o, double swap_before, SweepWindow* w) {
  w->swap_used_mib = SwapUsedMiB();
  if (w->swap_used_mib > swap_before + kSwapGrowthMiB) {
    w->flags.push_back("swap grew in the window");
  }
  w->disk_free_gib = DiskFreeGiB(o.data_dir.empty() ? o.out_dir : o.data_dir);
  if (w->disk_free_gib >= 0 && w->disk_free_gib < kMinDiskFreeGiB) {
    w->flags.push_back("disk headroom below 1 GiB");
  }
}

void ApplyCpuShares(const CpuShares& cpu, const SaturationRule& rule, SweepWindow* w) {
  w->busy_cores = cpu.busy_cores;
  w->client_cores = cpu.client_cores;
  w->database_cores = cpu.database_cores;
  w->service_cores = cpu.service_cores;
  w->other_cores = cpu.other_cores;
  if (HostContended(cpu, rule)) {
    std::string who = "PostgreSQL " + Cores(cpu.database_cores);
    if (cpu.service_cores >= 0) who += ", the TAP service " + Cores(cpu.service_cores);
    w->flags.push_back("host-contended: other processes held " + Cores(cpu.other_cores) +
                       " cores (" + who + ", the load generator " + Cores(cpu.client_cores) + ")");
  }
}

std::vector<std::string> PgbenchArgs(const WindowSetting& s, int clients, int seconds) {
  const int threads = std::max(1, std::min(clients, s.machine.cores));
  std::vector<std::string> args = {"pgbench",
                                   "--no-vacuum",
                                   "--client=" + std::to_string(clients),
                                   "--jobs=" + std::to_string(threads),
                                   "--time=" + std::to_string(seconds),
                                   "--log",
                                   std::string("--log-prefix=") + kLogPrefix};
  for (const MixClass& c : s.options.mix) {
    args.push_back(
        "--file=" + (fs::path(s.workload_dir) / ScriptFileName(*c.query_class)).string() + "@" +
        std::to_string(c.weight));
  }
  args.push_back(s.conninfo);
  return args;
}

Result<SweepWindow> RunWindow(const WindowSetting& s, PgConnection& monitor, int clients, int rep,
                              int seconds) {
  std::error_code ec;
  fs::create_directories(s.window_dir, ec);
  if (ec) return Status::IoError(s.window_dir + ": " + ec.message());
  SweepWindow w;
  w.tier = s.tier;
  w.clients = clients;
  w.rep = rep;
  w.seconds = seconds;
  w.cores = s.machine.cores;
  w.client_threads = std::max(1, std::min(clients, s.machine.cores));
  const double swap_before = SwapUsedMiB();
  Result<ServerSnapshot> before = TakeSnapshot(monitor, s.caps);
  if (!before.ok()) return before.status().Annotate("reading the server before the window");
  const int postmaster = LocalPostmasterPid(monitor.backend_pid());
  const CpuReading cpu_before = ReadCpu(postmaster);
  std::map<std::string, int> waits;
  const std::string output = (fs::path(s.window_dir) / "pgbench.out").string();
  ClearLogs(s.window_dir);
  SKYSEED_ASSIGN_OR_RETURN(ProcessRun run,
                           RunProcess(
                               PgbenchArgs(s, clients, seconds), s.window_dir, output, 0.5,
                               [&] { return SampleWaitEvents(monitor, &waits); }, s.environment));
  const CpuShares cpu =
      AttributeCpu(cpu_before, ReadCpu(postmaster), run.cpu_seconds, run.wall_seconds);
  ApplyCpuShares(cpu, s.options.rule, &w);
  SKYSEED_ASSIGN_OR_RETURN(std::vector<TransactionRecord> records,
                           ReadLogs(s.window_dir, s.options.keep_logs));
  SummariseTransactions(records, s.options.mix, &w);
  Result<ServerSnapshot> after = TakeSnapshot(monitor, s.caps);
  if (!after.ok() || after->postmaster_start != before->postmaster_start) {
    w.flags.push_back("server restarted or unreachable during the window");
  } else {
    ApplyServerDeltas(*before, *after, &w);
  }
  ApplyPgbenchGuards(s, run, ReadWholeFileOrEmpty(output), &w);
  ApplyMachineGuards(s.options, swap_before, &w);
  for (const auto& [event, n] : waits) w.wait_events[event] = n;
  if (after.ok() && before.ok()) w.statements = StatementDeltas(*before, *after, 5);
  return w;
}

}  // namespace skyseed
