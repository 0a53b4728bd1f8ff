// The tier records arranged for the tier report's charts and tables: the
// tier names, the tables and indexes that appear in any tier, and each
// tier's phases read once. Pure, like the report.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "report/tier_report.h"
#include "store/manifest_records.h"
#include "timing/phase_times.h"
#include "timing/task_times.h"

namespace skyseed {

// A tier's phases, a phase that did not run as 0; a record that does not
// parse counts as none (the report says so).
struct TierPhases {
  bool recorded = false;
  double load = 0, indexes = 0, vacuum = 0;
  IndexBuildSeconds index_builds;
  TaskSeconds tasks;
  int cores = 0;
  bool busy_is_cpu = true;
  std::optional<double> host_busy;
};

struct TierModel {
  const ReportInput& in;
  std::vector<std::string> groups;   // tier names
  std::vector<std::string> tables;   // in order of first appearance
  std::vector<std::string> indexes;  // every index built in some tier, by name
  std::vector<TierPhases> phases;    // per tier
};

TierModel BuildTierModel(const ReportInput& in);

// nullptr when the tier has no record of the table.
const TierTableRecord* FindTierTable(const TierRecord& t, const std::string& table);
// The table's rows in the tier, 0 when it has none.
double TierTableRows(const TierRecord& t, const std::string& table);
// Rows the load phase of tier i added: tiers only grow, so each one loads
// what the tier before it lacked, not all of its rows.
double LoadedRows(const ReportInput& in, size_t i, const std::string& table);
// "2025-06-01 10:11:12.345678+00" -> "2025-06-01 10:11:12+00".
std::string ShortTime(std::string t);

}  // namespace skyseed
