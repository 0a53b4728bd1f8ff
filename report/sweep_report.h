// The capacity-sweep part of the report: throughput and p50/p95/p99 against
// client count per tier, per-class latency, throughput, p95 and buffer hit
// ratio against database size, and tables of the saturation findings and
// of every flagged window, led by the validity guards and each tier's peak
// and sustainable capacity. Pure: renders records already read.
#pragma once

#include <string>
#include <vector>

#include "capacity/capacity.h"
#include "sweep_record/sweep_record.h"

namespace skyseed {

struct SweepSection {
  std::string html;  // one or more <section> elements; empty without sweeps
  std::vector<std::pair<std::string, std::string>> files;  // SVG name, content
  // The headline, guards, limits and plan flags as GitHub-flavoured markdown
  // (summary.md, for a CI job summary), each sweep's closing with its
  // capacity line (and a TAP sweep's, with a paired database sweep, the
  // scaling line); empty without sweeps.
  std::string markdown;
  // What `skyseed report` prints after the report's path: the capacity line
  // of each sweep, then the scaling line of each TAP sweep paired with a
  // database sweep.
  std::vector<std::string> closing_lines;
};

// `generator`: the corpus's, named in the scaling line.
SweepSection RenderSweepSection(const std::vector<SweepRecord>& sweeps, const Slo& slo = {},
                                const std::string& generator = "unknown");

}  // namespace skyseed
