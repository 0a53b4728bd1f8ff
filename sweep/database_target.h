// The database as a sweep target: per tier, the workload's pgbench scripts
// and parameters, each query class's plan (EXPLAIN, or the recorded plans of
// a tier the tables have grown past), and pgbench windows with the server's
// and the machine's evidence (sweep/sweep_window_run.h).
#pragma once

#include <memory>

#include "loader/pg_connection.h"
#include "sweep/sweep_target.h"
#include "sweep/sweep_window_run.h"
#include "workload/child_connection.h"

namespace skyseed {

class DatabaseTarget final : public SweepTarget {
 public:
  // `conn` and `child` outlive it: the sweep's monitoring connection, and
  // pgbench's and psql's connection without a password on their argv.
  DatabaseTarget(const SweepOptions& o, PgConnection& conn, const ChildConnection& child)
      : o_(o), conn_(conn), child_(child), key_(DatabaseSweepKey(o)) {}
  const char* Units() const override { return key_.units(); }
  const SweepKey& Key() const override { return key_; }
  nlohmann::json Describe(const nlohmann::json& common_setup) const override {
    return common_setup;
  }
  Result<std::vector<SweepWindow>> PrepareTier(const SweepTier& tier, TierSweep* t) override;
  SweepBench& Bench() override { return *bench_; }
  Status FinishTier(TierSweep*) override { return Status::Ok(); }
  Status Stop() override {
    bench_.reset();
    return Status::Ok();
  }

 private:
  const SweepOptions& o_;
  PgConnection& conn_;
  const ChildConnection& child_;
  const SweepKey key_;
  std::unique_ptr<WindowSetting> setting_;  // the tier's; window_dir set per window
  std::unique_ptr<PgSweepBench> bench_;
};

}  // namespace skyseed
