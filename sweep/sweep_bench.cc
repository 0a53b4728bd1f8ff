#include "sweep/sweep_bench.h"

#include <filesystem>

#include "sweep_record/sweep_store.h"

namespace fs = std::filesystem;

namespace skyseed {

Result<SweepWindow> PgSweepBench::RunWarmupInterval(int n, int clients, int seconds) {
  return run_((fs::path(dir_) / "warmup" / ("interval-" + std::to_string(n))).string(), clients, 0,
              seconds);
}

Result<SweepWindow> PgSweepBench::RunWindow(int clients, int rep, int seconds) {
  const std::string name = "c" + std::to_string(clients) + "-r" + std::to_string(rep);
  return run_((fs::path(dir_) / name).string(), clients, rep, seconds);
}

Status PgSweepBench::RecordWindow(const SweepWindow& w) {
  return RecordSweepWindow(conn_, key_, digest_, w);
}

Status PgSweepBench::UpdateWindow(const SweepWindow& w) {
  return UpdateSweepWindowResult(conn_, key_, digest_, w);
}

}  // namespace skyseed
