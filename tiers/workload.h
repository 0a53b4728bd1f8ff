// Ready-to-run pgbench workloads for the corpus of a tier and seed, computed
// from the generator alone: keys of rows the tier holds, and cone centres on
// the survey fields the observations cluster in, so lookups always hit and
// cones return groups rather than empty sky. pgbench cannot read parameter
// files, so the parameters become tables (schema skyseed_workload) that a
// setup script loads and each pgbench script reads with \gset.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tiers/tier_spec.h"

namespace skyseed {

// Workload draws use their own table id, apart from every corpus row stream:
// draw i of kind k is RowRng(seed, kWorkloadTableId, k * 2^40 + i).
constexpr uint32_t kWorkloadTableId = 0x30B0AD;

struct WorkloadOptions {
  uint64_t seed = 1;
  uint32_t lookups = 10000;  // source IDs, and as many observation keys
  uint32_t cones = 2000;
};

struct SourceLookup {
  uint64_t row;  // row index in gaia.gaia_source, < tier.source_rows
  int64_t source_id;
};
struct ObsLookup {
  uint64_t row;  // row index in ivoa.obscore, < tier.obscore_rows (= obs_pk)
  int64_t obs_pk;
  std::string obs_id;
};
struct ConeParam {
  int survey;      // index for SurveyAt
  uint32_t field;  // the field whose centre the cone is near
  double ra, dec;  // deg, rounded to 1e-6 as written
  double radius;   // deg, rounded to 1e-6 as written
};
struct WorkloadParams {
  std::vector<SourceLookup> sources;
  std::vector<ObsLookup> observations;
  std::vector<ConeParam> cones;
};

// Cone radii are log-uniform over one decade. It is 0.05-0.5 deg where the
// tier is dense enough (D2 and up); sparser tiers scale it up so the smallest
// cone still expects kMinExpectedConeSources at the tier's mean density.
constexpr double kMinConeRadiusDeg = 0.05;
constexpr double kMaxConeRadiusDeg = 0.5;
constexpr double kMinExpectedConeSources = 5.0;
struct RadiusRange {
  double min_deg, max_deg;
};
RadiusRange ConeRadiusRange(const TierSpec& tier);

WorkloadParams DrawWorkloadParams(const TierSpec& tier, const WorkloadOptions& options);

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
// DrawWorkloadParams then RenderWorkload.
std::vector<WorkloadFile> WorkloadFiles(const TierSpec& tier, const WorkloadOptions& options);

}  // namespace skyseed
