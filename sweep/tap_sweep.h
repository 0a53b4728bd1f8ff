// The TAP side of a sweep: per tier, the query files, the service
// (skyseed's DaCHS served as asked: processes, CPU limits, pooler; or the
// service at --tap-url), a probe of what a connection costs the server, and
// the windows; then the TAP sweep's record and its one-line summary.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "capacity/service_share.h"
#include "common/machine_stats.h"
#include "common/status.h"
#include "loader/pg_connection.h"
#include "sweep/server_stats.h"
#include "sweep/sweep_options.h"
#include "sweep_record/sweep_record.h"
#include "tiers/tier_spec.h"

namespace skyseed {

// The TAP sweep of one tier into *t, with `key`'s recorded windows reused.
// skyseed's DaCHS is started only when a window is still to be measured,
// and stopped (and unpublished) before the next tier grows; its setup goes
// to *service_description.
Status MeasureTapTier(const SweepOptions& o, const TierSpec& tier, PgConnection& c,
                      const ServerCapabilities& caps, const MachineFacts& machine,
                      const std::string& tier_dir, const std::string& key, bool held, TierSweep* t,
                      nlohmann::json* service_description);

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
