// The draws behind a pgbench workload, from the generator alone: keys of
// rows a corpus of the given size holds, and cone centres on the survey fields
// the observations cluster in, so lookups always hit and cones return groups
// rather than empty sky.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "generator/corpus_tables.h"

namespace skyseed {

// Workload draws use their own table id, apart from every corpus row stream:
// draw i of kind k is RowRng(seed, kWorkloadTableId, k * 2^40 + i).
constexpr uint32_t kWorkloadTableId = 0x30B0AD;

struct WorkloadOptions {
  uint64_t seed = kDefaultSeed;
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
// For a corpus of source_rows sources.
RadiusRange ConeRadiusRange(uint64_t source_rows);

// Keys drawn below the row counts given, cones on the survey fields.
WorkloadParams DrawWorkloadParams(uint64_t obscore_rows, uint64_t source_rows,
                                  const WorkloadOptions& options);

}  // namespace skyseed
