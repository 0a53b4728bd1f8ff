#include "sweep/sweep_window_run.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>

#include "common/child_process.h"
#include "common/file_reads.h"
#include "sweep/cpu_attribution.h"
#include "sweep/window_frame.h"
#include "workload/pgbench_log.h"

namespace fs = std::filesystem;

namespace skyseed {
namespace {

constexpr const char* kLogPrefix = "tx";

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
  std::vector<std::string> names;
  for (const auto& c : mix) names.push_back(c.query_class->name);
  SummariseAnswered(std::move(all), std::move(per_class), names, w);
}

}  // namespace

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
  SweepWindow w = NewWindow(s.tier, clients, rep, seconds, s.machine,
                            std::max(1, std::min(clients, s.machine.cores)));
  const WindowFrame frame{s.options, monitor, s.caps,      StatementScope::kLoadRole,
                          {},        {},      s.window_dir};
  LoadCommand load;
  load.argv = PgbenchArgs(s, clients, seconds);
  load.output_path = (fs::path(s.window_dir) / "pgbench.out").string();
  load.environment = s.environment;
  std::error_code ec;
  fs::create_directories(s.window_dir, ec);
  ClearLogs(s.window_dir);
  const auto summarise = [&](SweepWindow* out) -> Status {
    SKYSEED_ASSIGN_OR_RETURN(const auto records, ReadLogs(s.window_dir, s.options.keep_logs));
    SummariseTransactions(records, s.options.mix, out);
    return Status::Ok();
  };
  SKYSEED_ASSIGN_OR_RETURN(ProcessRun run, MeasureWindow(frame, load, summarise, &w));
  ApplyGeneratorGuards(
      {"pgbench", "number of transactions actually processed: ", "transactions", "pgbench thread"},
      s.options.rule, run, ReadWholeFileOrEmpty(load.output_path), w.committed, &w);
  return w;
}

}  // namespace skyseed
