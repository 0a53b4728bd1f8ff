// A scaling run beside an earlier one, tier by tier (docs/scaling-run.md
// "The first run against this one"; `skyseed report --earlier-run FILE`):
// what a cone cost the database at one client (rows, blocks touched and
// blocks read per call, from pg_stat_statements; its p50 as the sweep
// measured it), the database's size and hit ratio, both sweeps' peaks and
// where each stopped. This run's figures come from its records; the
// earlier run's from the CSV its page published (docs/scaling-run/gen-3/
// tiers.csv), whose columns are RunTierFigures' names.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "capacity/capacity.h"
#include "common/status.h"
#include "sweep_record/sweep_record.h"

namespace skyseed {

// One tier's figures as the table shows them ("–" where none was measured).
struct RunTierFigures {
  std::string tier, db_gib, rows_per_cone, blocks_per_cone, read_per_cone, cone_p50_ms, hit_ratio,
      peak_tps_db, peak_rps_tap, limit_db, limit_tap;
};

// The scaling run among the records: the TAP sweep and its paired database
// sweep (PairedDatabaseSweep) over the most tiers, as {database, TAP};
// nullopt when no TAP sweep has a database sweep beside it.
std::optional<std::pair<const SweepRecord*, const SweepRecord*>> ScalingRunOf(
    const std::vector<SweepRecord>& sweeps);

// This run's figures over the tiers both sweeps measured, in the database
// sweep's order. The cone is the statement selecting gaia_source by
// `<@ scircle(`; its figures are over the valid one-client windows.
std::vector<RunTierFigures> RunFigures(const SweepRecord& db, const SweepRecord& tap,
                                       const Slo& slo);

// The earlier run's CSV: a header naming exactly the columns tier, db_gib,
// rows_per_cone, blocks_per_cone, read_per_cone, cone_p50_ms, hit_ratio,
// peak_tps_db, peak_rps_tap, limit_db, limit_tap (any order), then one line
// per tier. InvalidArgument, one line naming `shown` and the line, else.
Result<std::vector<RunTierFigures>> ParseEarlierRun(const std::string& csv,
                                                    const std::string& shown);

// The Markdown table: per tier of this run, the earlier run's row (when it
// measured that tier) and this one's, labelled `earlier` and `now`.
std::string RunComparisonTable(const std::vector<RunTierFigures>& earlier,
                               const std::vector<RunTierFigures>& now,
                               const std::string& earlier_label, const std::string& now_label);

}  // namespace skyseed
