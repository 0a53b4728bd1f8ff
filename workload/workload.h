// Ready-to-run pgbench workloads for the corpus of a tier and seed, drawn by
// generator/workload_draws.h. pgbench cannot read parameter
// files, so the parameters become tables (schema skyseed_workload) that a
// setup script loads and each pgbench script reads with \gset.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "generator/workload_draws.h"
#include "tiers/tier_spec.h"

namespace skyseed {

// One pgbench script of the default mix and its weight (the weights sum to
// 100: 70 ID lookups, 30 spatial searches).
struct MixEntry {
  const char* script;
  int weight;
  bool lookup;  // an ID lookup, as opposed to a cone or footprint search
};
const std::vector<MixEntry>& WorkloadMix();

struct WorkloadFile {
  std::string name;  // relative to the output directory, e.g. "params/cone.csv"
  std::string content;
  bool executable = false;
};
std::vector<WorkloadFile> RenderWorkload(const TierSpec& tier, const WorkloadOptions& options,
                                         const WorkloadParams& params);
// DrawWorkloadParams for the tier, then RenderWorkload.
std::vector<WorkloadFile> WorkloadFiles(const TierSpec& tier, const WorkloadOptions& options);

}  // namespace skyseed
