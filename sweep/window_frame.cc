#include "sweep/window_frame.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>

#include "common/number_text.h"

namespace fs = std::filesystem;

namespace skyseed {
namespace {

constexpr double kMinDiskFreeGiB = 1.0;
constexpr double kSwapGrowthMiB = 1.0;

std::string Cores(double v) { return FormatNumber("%.2f", v); }

void ApplyServerDeltas(const ServerSnapshot& a, const ServerSnapshot& b, SweepWindow* w) {
  const double hit = b.blks_hit - a.blks_hit;
  const double read = b.blks_read - a.blks_read;
  w->hit_ratio = hit + read > 0 ? hit / (hit + read) : 1;
  w->reads_per_s = w->seconds > 0 ? read / w->seconds : 0;
  w->temp_bytes = b.temp_bytes - a.temp_bytes;
  w->read_ms = b.blk_read_ms - a.blk_read_ms;
  w->new_sessions = a.sessions >= 0 && b.sessions >= 0 ? b.sessions - a.sessions : -1;
}

void ApplyMachineGuards(const SweepOptions& o, double swap_before, SweepWindow* w) {
  w->swap_used_mib = SwapUsedMiB();
  if (w->swap_used_mib > swap_before + kSwapGrowthMiB) {
    w->flags.push_back({Guard::kNoSwapping, "swap grew in the window"});
  }
  w->disk_free_gib = DiskFreeGiB(o.data_dir.empty() ? o.out_dir : o.data_dir);
  if (w->disk_free_gib >= 0 && w->disk_free_gib < kMinDiskFreeGiB) {
    w->flags.push_back({Guard::kDiskHeadroom, "disk headroom below 1 GiB"});
  }
}

void ApplyCpuShares(const CpuShares& cpu, const SaturationRule& rule, SweepWindow* w) {
  w->busy_cores = cpu.busy_cores;
  w->client_cores = cpu.client_cores;
  w->database_cores = cpu.database_cores;
  w->service_cores = cpu.service_cores;
  w->proxy_cores = cpu.proxy_cores;
  w->other_cores = cpu.other_cores;
  if (HostContended(cpu, rule)) {
    std::string who = "PostgreSQL " + Cores(cpu.database_cores);
    if (cpu.service_cores >= 0) who += ", the TAP service " + Cores(cpu.service_cores);
    w->flags.push_back({Guard::kHostUncontended, "host-contended: other processes held " +
                                                     Cores(cpu.other_cores) + " cores (" + who +
                                                     ", the load generator " +
                                                     Cores(cpu.client_cores) + ")"});
  }
}

}  // namespace

SweepWindow NewWindow(const std::string& tier, int clients, int rep, int seconds,
                      const MachineFacts& machine, int client_threads) {
  SweepWindow w;
  w.tier = tier;
  w.clients = clients;
  w.rep = rep;
  w.seconds = seconds;
  w.cores = machine.cores;
  w.client_threads = client_threads;
  return w;
}

void FlagClientCeiling(const SaturationRule& rule, const std::string& thread_name, SweepWindow* w) {
  const double per_thread = w->client_cores / w->client_threads;
  if (per_thread >= rule.client_thread_busy) {
    w->flags.push_back({Guard::kGeneratorCeiling, "load generator at its ceiling: " +
                                                      std::to_string(per_thread).substr(0, 4) +
                                                      " cores per " + thread_name});
  }
}

void SummariseAnswered(std::vector<double> answered_ms, std::vector<std::vector<double>> by_class,
                       const std::vector<std::string>& class_names, SweepWindow* w) {
  w->committed = answered_ms.size();
  w->latency_ms = SummariseLatencies(std::move(answered_ms));
  for (size_t i = 0; i < class_names.size() && i < by_class.size(); ++i) {
    w->classes.push_back({class_names[i], SummariseLatencies(std::move(by_class[i]))});
  }
  const double attempted = static_cast<double>(w->committed + w->failed);
  w->error_rate = attempted > 0 ? w->failed / attempted : 0;
  w->tps = w->seconds > 0 ? w->committed / w->seconds : 0;
}

namespace {

// ": <the output's last line>", or nothing: why a load generator failed is
// the last thing it wrote (pgbench's error, tapbench's status).
std::string LastLineQuoted(const std::string& output) {
  const size_t end = output.find_last_not_of(" \n\r\t");
  if (end == std::string::npos) return "";
  const size_t nl = output.rfind('\n', end);
  const size_t begin = nl == std::string::npos ? 0 : nl + 1;
  return ": " + output.substr(begin, std::min<size_t>(end + 1 - begin, 300));
}

}  // namespace

void ApplyGeneratorGuards(const GeneratorSummary& g, const SaturationRule& rule,
                          const ProcessRun& run, const std::string& output, uint64_t logged,
                          SweepWindow* w) {
  if (run.exit_code != 0) {
    w->flags.push_back({Guard::kGeneratorCompleted, std::string(g.name) + " exited with code " +
                                                        std::to_string(run.exit_code) +
                                                        LastLineQuoted(output)});
  }
  const size_t at = output.find(g.count_key);
  if (at != std::string::npos) {
    const long long reported =
        std::strtoll(output.c_str() + at + std::strlen(g.count_key), nullptr, 10);
    if (reported < 0 || static_cast<uint64_t>(reported) != logged) {
      w->flags.push_back({Guard::kGeneratorLogCount, "log holds " + std::to_string(logged) + " " +
                                                         g.unit + ", " + g.name + " says " +
                                                         std::to_string(reported)});
    }
  }
  FlagClientCeiling(rule, g.thread, w);
}

Result<ProcessRun> MeasureWindow(const WindowFrame& f, const LoadCommand& load,
                                 const std::function<Status(SweepWindow*)>& summarise,
                                 SweepWindow* w) {
  std::error_code ec;
  fs::create_directories(f.window_dir, ec);
  if (ec) return Status::IoError(f.window_dir + ": " + ec.message());
  const double swap_before = SwapUsedMiB();
  Result<ServerSnapshot> before = TakeSnapshot(f.monitor, f.caps, f.scope);
  if (!before.ok()) return before.status().Annotate("reading the server before the window");
  const int postmaster = LocalPostmasterPid(f.monitor.backend_pid());
  const CpuReading cpu_before = ReadCpu(postmaster, f.service_pids, f.proxy_pids);
  std::map<std::string, int> waits;
  const auto sample = [&] { return SampleWaitEvents(f.monitor, &waits); };
  SKYSEED_ASSIGN_OR_RETURN(
      ProcessRun run,
      load.in_child
          ? RunInChild(load.name, load.in_child, f.window_dir, load.output_path, 0.5, sample)
          : RunProcess(load.argv, f.window_dir, load.output_path, 0.5, sample, load.environment));
  ApplyCpuShares(AttributeCpu(cpu_before, ReadCpu(postmaster, f.service_pids, f.proxy_pids),
                              run.cpu_seconds, run.wall_seconds),
                 f.options.rule, w);
  SKYSEED_RETURN_IF_ERROR(summarise(w));
  Result<ServerSnapshot> after = TakeSnapshot(f.monitor, f.caps, f.scope);
  if (!after.ok() || after->postmaster_start != before->postmaster_start) {
    w->flags.push_back({Guard::kNoRestarts, "server restarted or unreachable during the window"});
  } else {
    ApplyServerDeltas(*before, *after, w);
    w->statements = StatementDeltas(*before, *after, 5);
  }
  ApplyMachineGuards(f.options, swap_before, w);
  for (const auto& [event, n] : waits) w->wait_events[event] = n;
  return run;
}

}  // namespace skyseed
