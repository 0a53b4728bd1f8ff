// The TAP side of a sweep: the TAP target (per tier, the query files, the
// service, a probe of what a connection costs the server, and the windows);
// then the TAP sweep's record and its one-line summary.
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "capacity/service_share.h"
#include "common/machine_stats.h"
#include "common/status.h"
#include "loader/pg_connection.h"
#include "sweep/sweep_target.h"
#include "sweep/tap_window_run.h"
#include "sweep_record/sweep_record.h"
#include "tap/dachs_service.h"

namespace skyseed {

// A TAP service in front of the database as a sweep target: per tier, the
// query files, the service (skyseed's DaCHS served as asked: processes, CPU
// limits, pooler; or the service at --tap-url), a probe of what a
// connection costs the server, and tapbench windows
// (sweep/tap_window_run.h); --profile-service's window after them.
// skyseed's DaCHS is started only when a window is still to be measured,
// and stopped (and unpublished) before the next tier grows.
class TapTarget final : public SweepTarget {
 public:
  // `conn` outlives it: the sweep's monitoring connection.
  TapTarget(const SweepOptions& o, PgConnection& conn) : o_(o), conn_(conn), key_(TapSweepKey(o)) {}
  ~TapTarget() override;
  const char* Units() const override { return key_.units(); }
  const SweepKey& Key() const override { return key_; }
  // DescribeTapSetup's, with the last service skyseed started.
  nlohmann::json Describe(const nlohmann::json& common_setup) const override;
  Result<std::vector<SweepWindow>> PrepareTier(const SweepTier& tier, TierSweep* t) override;
  SweepBench& Bench() override { return *bench_; }
  Status FinishTier(TierSweep* t) override;
  Status Stop() override;

 private:
  Status StartDachs();
  Status ProbeConnection(const SweepTier& tier);

  const SweepOptions& o_;
  PgConnection& conn_;
  const SweepKey key_;
  std::unique_ptr<DachsService> dachs_;
  nlohmann::json service_;                     // dachs_'s description, kept past Stop
  std::unique_ptr<TapWindowSetting> setting_;  // the tier's; window_dir set per window
  std::unique_ptr<PgSweepBench> bench_;
  std::string tap_dir_;      // <tier>/tap
  bool to_profile_ = false;  // this tier's --profile-service window is still to run
};

// The TAP sweep's setup: the database sweep's, with the mix, load
// generator, tables and service.
nlohmann::json DescribeTapSetup(const SweepOptions& o, const nlohmann::json& database_setup);

// tap-sweep.json, tap-windows.csv and, beside a database sweep,
// service-share.csv.
Status WriteTapResults(const SweepOptions& o, const SweepRecord& tap,
                       const std::vector<ServiceShare>& shares);

// "tap-sweep tiers=ci,S max_rps=212 p95_ms_at_max=41.5 limit_ci=none
// service_share_p50_ci=0.68 limit_S=tap-cpu service_share_p50_S=0.71": the
// TAP sweep in one line (max over every tier's steps; each tier's limit and
// service share).
std::string TapSweepLine(const SweepRecord& tap, const std::vector<ServiceShare>& shares);

}  // namespace skyseed
