// The capacity report's tables for one sweep, as HTML (report.html) and as
// GitHub-flavoured markdown (summary.md): what each tier held when it was
// measured, the environment the figures come from, one row per client count
// with its 95 % intervals and the bottleneck of that row, and how often each
// limit class was the bottleneck, with what relieves it. Pure: renders a
// record already read; a record from before a figure was kept shows "-".
#pragma once

#include <map>
#include <string>
#include <vector>

#include "capacity/saturation.h"
#include "sweep_record/latency_stats.h"
#include "sweep_record/sweep_record.h"

namespace skyseed {

// One client count of a tier: its windows' figures, means over the valid
// ones, and what limited it.
struct StepRow {
  int clients = 0;
  int windows = 0;  // measured
  int valid = 0;    // passed every guard: the only ones in a mean
  MeanInterval throughput, p50, p95, p99;
  double error_rate = 0, hit_ratio = 1;
  double database_cores = -1, client_cores = 0, other_cores = 0;  // -1: not on this host
  // The sweep's verdict on this client count (SaturationFinding::steps):
  // not classified when it had no valid window, or was recorded before
  // each step's limit was kept.
  bool classified = false;
  LimitKind limit = LimitKind::kNone;
  std::string why;
};

std::vector<StepRow> StepRows(const TierSweep& t);
// Classified rows per limit class over every tier of the sweep.
std::map<LimitKind, int> LimitCounts(const SweepRecord& r);
// One sentence on what relieves the limit: what users act on.
std::string ReliefOf(LimitKind k);

std::string SweepTablesHtml(const SweepRecord& r);
std::string SweepTablesMarkdown(const SweepRecord& r);

}  // namespace skyseed
