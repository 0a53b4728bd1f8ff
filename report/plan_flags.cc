#include "report/plan_flags.h"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "common/number_text.h"

namespace skyseed {
namespace {

using nlohmann::json;

std::string NodeName(const json& n) {
  std::string name = n.value("Node Type", "?");
  if (n.contains("Relation Name")) name += " on " + n["Relation Name"].get<std::string>();
  if (n.contains("Index Name")) name += " using " + n["Index Name"].get<std::string>();
  return name;
}

std::string Count(double v) { return FormatNumber("%.0f", v); }

struct Walk {
  const PlanFlagRule& rule;
  std::vector<PlanFlag>* flags;

  void Node(const json& n, bool under_limit) {
    const double loops = n.value("Actual Loops", 0.0);
    const double actual = n.value("Actual Rows", 0.0);  // per loop
    const double estimate = n.value("Plan Rows", 0.0);  // per loop
    if (loops > 0 && !under_limit) {
      const double hi = std::max(actual, estimate), lo = std::max(1.0, std::min(actual, estimate));
      if (hi >= rule.misestimate_min_rows && hi / lo >= rule.misestimate_factor) {
        flags->push_back({PlanFlag::Kind::kMisestimate, NodeName(n),
                          "estimated " + Count(estimate) + " rows, actual " + Count(actual) +
                              (loops > 1 ? " (per loop, " + Count(loops) + " loops)" : "")});
      }
    }
    const double removed = n.value("Rows Removed by Filter", 0.0) * std::max(1.0, loops);
    const double kept = actual * std::max(1.0, loops);
    if (removed >= rule.filter_min_removed &&
        removed >= rule.filter_removed_share * (removed + kept)) {
      flags->push_back({PlanFlag::Kind::kFilterWaste, NodeName(n),
                        Count(removed) + " rows removed by the filter, " + Count(kept) + " kept"});
    }
    const bool limit = n.value("Node Type", "") == "Limit";
    if (!n.contains("Plans")) return;
    for (const json& child : n["Plans"]) {
      if (n.value("Node Type", "") == "Nested Loop" &&
          child.value("Parent Relationship", "") == "Inner" &&
          child.value("Actual Loops", 0.0) >= rule.inner_loops) {
        flags->push_back({PlanFlag::Kind::kNestedLoopInner, NodeName(n),
                          "inner " + NodeName(child) + " ran " +
                              Count(child.value("Actual Loops", 0.0)) + " times"});
      }
      Node(child, under_limit || limit);
    }
  }
};

struct Overestimate {
  double estimate = 0, actual = 0;
};

// The node the planner expected the most rows of, past the rule's factor
// (per loop, not below a Limit, whose rows are a full run's).
void LargestOverestimate(const json& n, bool under_limit, const PlanFlagRule& rule,
                         Overestimate* worst) {
  const double estimate = n.value("Plan Rows", 0.0), actual = n.value("Actual Rows", 0.0);
  if (!under_limit && n.value("Actual Loops", 0.0) > 0 && estimate >= rule.misestimate_min_rows &&
      estimate >= rule.misestimate_factor * std::max(1.0, actual) &&
      estimate / std::max(1.0, actual) > worst->estimate / std::max(1.0, worst->actual)) {
    *worst = {estimate, actual};
  }
  if (!n.contains("Plans")) return;
  const bool limit = under_limit || n.value("Node Type", "") == "Limit";
  for (const json& child : n["Plans"]) LargestOverestimate(child, limit, rule, worst);
}

// Why a compiled plan cost that much when it found few rows: the estimator
// of pg_sphere before 1.4 takes every cone for a fixed 0.1 % of the table
// (1.4 and later take the circle's area), so its cost, and JIT, grow with
// the table. The relief, cheapest last.
std::string JitCause(const json& top, const PlanFlagRule& rule) {
  Overestimate worst;
  LargestOverestimate(top["Plan"], false, rule, &worst);
  if (worst.estimate <= 0) return "";
  return "; the planner expected " + Count(worst.estimate) + " rows where " + Count(worst.actual) +
         " came, as pg_sphere before 1.4 does for every cone (a fixed 0.1 % of the table): "
         "relief: pg_sphere 1.4 or later, jit_above_cost above " +
         Count(top["Plan"].value("Total Cost", 0.0)) +
         ", or ALTER ROLE <the service's role> SET jit = off";
}

// The plan's "JIT" section (EXPLAIN ANALYZE prints one when the plan was
// compiled): its Timing.Total against the Execution Time. The time to load
// LLVM into a new backend is in neither: a service that opens a connection
// per request pays that as well.
void JitFlag(const json& top, const PlanFlagRule& rule, std::vector<PlanFlag>* flags) {
  if (!top.contains("JIT") || !top["JIT"].is_object()) return;
  const json& jit = top["JIT"];
  const double compile_ms = jit.contains("Timing") ? jit["Timing"].value("Total", 0.0) : 0.0;
  const double execution_ms = top.value("Execution Time", 0.0);
  if (compile_ms <= 0 || execution_ms <= 0 || compile_ms < rule.jit_share * execution_ms) return;
  flags->push_back({PlanFlag::Kind::kJit, NodeName(top["Plan"]),
                    "JIT compiled " + Count(jit.value("Functions", 0.0)) + " functions in " +
                        FormatNumber("%.1f", compile_ms) + " ms of the " +
                        FormatNumber("%.1f", execution_ms) + " ms execution (plan cost " +
                        Count(top["Plan"].value("Total Cost", 0.0)) + ", above jit_above_cost)" +
                        JitCause(top, rule)});
}

}  // namespace

const char* PlanFlagName(PlanFlag::Kind k) {
  switch (k) {
    case PlanFlag::Kind::kMisestimate:
      return "misestimate";
    case PlanFlag::Kind::kNestedLoopInner:
      return "nested-loop-inner";
    case PlanFlag::Kind::kFilterWaste:
      return "filter-waste";
    case PlanFlag::Kind::kJit:
      return "jit";
  }
  return "?";
}

Result<std::vector<PlanFlag>> FlagPlan(const json& doc, const PlanFlagRule& rule) {
  if (!doc.is_array() || doc.empty() || !doc[0].is_object() || !doc[0].contains("Plan") ||
      !doc[0]["Plan"].is_object()) {
    return Status::Corruption("not an EXPLAIN (FORMAT JSON) plan");
  }
  std::vector<PlanFlag> flags;
  try {
    Walk{rule, &flags}.Node(doc[0]["Plan"], false);
    JitFlag(doc[0], rule, &flags);
  } catch (const json::exception& e) {
    return Status::Corruption(std::string("EXPLAIN plan: ") + e.what());
  }
  return flags;
}

Result<std::vector<PlanFlag>> FlagPlanText(const std::string& explain_json,
                                           const PlanFlagRule& rule) {
  return FlagPlan(json::parse(explain_json, nullptr, /*allow_exceptions=*/false), rule);
}

}  // namespace skyseed
