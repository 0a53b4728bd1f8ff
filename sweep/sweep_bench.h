// One tier's sweep as its loop (sweep/tier_measure.h) sees it: run a warm-up
// interval, run a window, record one, replace a recorded one. An interface
// so the loop's decisions (which windows to measure, when to warm up, which
// to flag cold, when to stop adding clients, what a resumed sweep measures)
// are tested on scripted windows (tests/sweep/fake_sweep_bench.h).
#pragma once

#include <functional>
#include <string>
#include <utility>

#include "common/status.h"
#include "loader/pg_connection.h"
#include "sweep_record/sweep_window.h"

namespace skyseed {

class SweepBench {
 public:
  virtual ~SweepBench() = default;
  // Reads the mix's working set into the cache (workload/working_set.h), once,
  // before the tier's first window to measure; what it read, in words, or ""
  // when the mix has nothing to read ahead.
  virtual Result<std::string> Prime() = 0;
  // Warm-up interval `n` (from 1): only its figures count, never recorded.
  virtual Result<SweepWindow> RunWarmupInterval(int n, int clients, int seconds) = 0;
  // Its guards applied: a failed guard is a flag on the window, not an error.
  virtual Result<SweepWindow> RunWindow(int clients, int rep, int seconds) = 0;
  // Kept as soon as it ends, so a killed sweep resumes after it.
  virtual Status RecordWindow(const SweepWindow& w) = 0;
  // Its flags grew once its step was complete; when it was measured is kept.
  virtual Status UpdateWindow(const SweepWindow& w) = 0;
};

// Runs one window into `window_dir`: pgbench's or tapbench's.
using WindowRunner = std::function<Result<SweepWindow>(const std::string& window_dir, int clients,
                                                       int rep, int seconds)>;
// Reads the working set ahead (workload/working_set.h); what, in words.
using PrimeRunner = std::function<Result<std::string>()>;

// The real one: windows run by `run` under the tier's folder (warmup/
// interval-<n>, c<clients>-r<rep>), recorded in skyseed.sweep_window
// (sweep_record/sweep_store.h) under the sweep's key and the tier's corpus digest.
class PgSweepBench final : public SweepBench {
 public:
  PgSweepBench(WindowRunner run, PrimeRunner prime, std::string tier_dir, PgConnection& conn,
               std::string key, std::string corpus_digest)
      : run_(std::move(run)),
        prime_(std::move(prime)),
        conn_(conn),
        dir_(std::move(tier_dir)),
        key_(std::move(key)),
        digest_(std::move(corpus_digest)) {}
  Result<std::string> Prime() override { return prime_(); }
  Result<SweepWindow> RunWarmupInterval(int n, int clients, int seconds) override;
  Result<SweepWindow> RunWindow(int clients, int rep, int seconds) override;
  Status RecordWindow(const SweepWindow& w) override;
  Status UpdateWindow(const SweepWindow& w) override;

 private:
  WindowRunner run_;
  PrimeRunner prime_;
  PgConnection& conn_;
  std::string dir_, key_, digest_;
};

}  // namespace skyseed
