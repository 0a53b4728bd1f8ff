// The tier report's bar charts, each with its file name and caption: rows,
// database size, phases, wall time against its bounds, load throughput and
// index builds per tier, from the arranged tier records.
#pragma once

#include <string>
#include <vector>

#include "charts/bar_chart.h"
#include "report/tier_model.h"

namespace skyseed {

struct TierChart {
  std::string file;  // "rows_per_tier.svg", ...
  BarChart chart;
  std::string caption;
};

// In the order tier_report.h lists their files.
std::vector<TierChart> TierCharts(const TierModel& m);

}  // namespace skyseed
