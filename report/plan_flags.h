// What in a query's executed plan (EXPLAIN ANALYZE, FORMAT JSON) a capacity
// engineer would want pointed out: the plan shapes behind most surprises at
// scale.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "common/status.h"

namespace skyseed {

struct PlanFlag {
  enum class Kind {
    kMisestimate,      // planner's rows an order of magnitude from the actual rows
    kNestedLoopInner,  // a nested loop's inner side run thousands of times
    kFilterWaste,      // a filter throwing most of the rows it read away
    kJit,              // JIT compilation a large share of the execution
  };
  Kind kind;
  std::string node;    // "Seq Scan on gaia_source", ...
  std::string detail;  // the figures: "est 500 rows, actual 5,259"
};
const char* PlanFlagName(PlanFlag::Kind k);  // "misestimate", "nested-loop-inner", ...

struct PlanFlagRule {
  double misestimate_factor = 10;     // actual/estimate or estimate/actual at least
  double misestimate_min_rows = 100;  // on the larger side, so 1 vs 12 is no news
  double inner_loops = 1000;
  double filter_removed_share = 0.9;  // of the rows the node read
  double filter_min_removed = 1000;
  // PostgreSQL compiles a plan whose cost passes jit_above_cost (100,000 by
  // default); pg_sphere estimates a cone at a fixed share of the table, so
  // a cone's cost, and with it JIT, comes with table size, not with the
  // rows it finds. Flagged when compiling took this share of the execution.
  double jit_share = 0.1;
};

// The flags of one plan, in plan order; Corruption when `explain_json` is not
// what EXPLAIN (ANALYZE, FORMAT JSON) prints. Below a Limit the planner's
// rows are those of a full run, so no misestimate is called there.
Result<std::vector<PlanFlag>> FlagPlan(const nlohmann::json& explain,
                                       const PlanFlagRule& rule = {});
// The same from the text EXPLAIN printed.
Result<std::vector<PlanFlag>> FlagPlanText(const std::string& explain_json,
                                           const PlanFlagRule& rule = {});

}  // namespace skyseed
