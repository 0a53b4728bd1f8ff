// The blocks a sweep's queries read, read once before its warm-up. The mixes
// draw from fixed parameter sets (10,000 lookups, 2,000 cones by default),
// so a warm cache is one that holds every block they touch; the warm-up
// alone fills it as a coupon collector does: a TAP mix at ~10 requests/s
// had not drawn every stream start after a whole sweep, and each tier's
// first repetitions read blocks their twins found cached (flagged cold,
// and still cold when measured again after a restart). Each class's
// queries run here as one set-returning statement over all its
// parameters, by the same index paths as the queries themselves.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "common/status.h"
#include "generator/workload_draws.h"
#include "loader/pg_connection.h"
#include "tiers/tier_spec.h"

namespace skyseed {

// One class's queries over all its parameters: `sql` with `params` (arrays
// as text), returning one row whose first column is the rows touched.
struct PrimeStatement {
  std::string class_name;  // "tap_cone"
  std::string sql;
  std::vector<std::string> params;
};

// The statements for the classes of `class_names` that have one, on the
// corpus tables in `corpus_schema` (quoted by `quote`). Classes without
// one (metadata, footprints, the whole-table aggregate) are left to the
// warm-up: their blocks are few, or all of a table.
std::vector<PrimeStatement> WorkingSetStatements(
    const std::vector<std::string>& class_names, const WorkloadParams& params,
    const std::string& corpus_schema, const std::function<std::string(std::string_view)>& quote);

struct PrimedClass {
  std::string class_name;
  int64_t rows = 0;  // rows its statements touched, each once
  double seconds = 0;
};

// Runs them read-only, with sequential scans off so that every statement
// takes an index path, as its queries do. Bitmap scans stay on: q3c's
// ranges are ORed, which only a bitmap scan serves (off, every cone of
// tap_cone was a sequential scan: at D1 still running after 6 minutes).
Result<std::vector<PrimedClass>> PrimeWorkingSet(PgConnection& c,
                                                 const std::vector<PrimeStatement>& statements);

// "tap_lookup 20000 rows, tap_cone 612345 rows, ... in 12.3 s".
std::string DescribePrimed(const std::vector<PrimedClass>& primed);

// What a sweep's bench calls (SweepBench::Prime): the statements of the
// tier's parameters for `class_names` (the mix's classes of weight > 0),
// run on `c`; "" when none of them has one.
std::function<Result<std::string>()> WorkingSetPrimer(PgConnection& c,
                                                      std::vector<std::string> class_names,
                                                      const TierSpec& tier,
                                                      const WorkloadOptions& options);

}  // namespace skyseed
