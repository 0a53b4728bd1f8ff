// The tier report: the tiers a database reached (skyseed.tier and
// skyseed.tier_table) as a self-contained report.html (inline CSS and SVG,
// no script, no external asset) plus each chart as its own SVG file.
// Pure: it renders records already read, so it is tested without a server.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "capacity/capacity.h"
#include "store/manifest_records.h"
#include "sweep_record/sweep_record.h"

namespace skyseed {

struct ReportInput {
  uint64_t seed = 0;
  std::string generator_version;
  std::vector<TierRecord> tiers;    // in the order they were reached
  std::vector<SweepRecord> sweeps;  // capacity sweeps run on them, if any
  Slo slo;                          // what "sustainable" means in the sweeps' headline
};

struct ReportFile {
  std::string name;  // a plain file name: "report.html", "rows_per_tier.svg", ...
  std::string content;
};

// report.html first, then rows_per_tier.svg, size_per_tier.svg,
// phases_per_tier.svg, throughput_per_table.svg, index_builds_per_tier.svg,
// then the sweep charts (report/sweep_report.h) when sweeps were recorded.
// A tier whose phases were not recorded (phases_recorded false) counts as
// having none (the report says so). `closing_lines`, when given, receives
// the sweeps' capacity and scaling lines (SweepSection::closing_lines).
std::vector<ReportFile> RenderTierReport(const ReportInput& input,
                                         std::vector<std::string>* closing_lines = nullptr);

}  // namespace skyseed
