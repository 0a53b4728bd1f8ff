// The capacity-sweep part of the report: throughput and p50/p95/p99 against
// client count per tier, per-class latency, throughput, p95 and buffer hit
// ratio against database size, and tables of the saturation findings and
// of every flagged window. Pure: renders records already read.
#pragma once

#include <string>
#include <vector>

#include "sweep/sweep_record.h"

namespace skyseed {

struct SweepSection {
  std::string html;  // one or more <section> elements; empty without sweeps
  std::vector<std::pair<std::string, std::string>> files;  // SVG name, content
};

SweepSection RenderSweepSection(const std::vector<SweepRecord>& sweeps);

}  // namespace skyseed
