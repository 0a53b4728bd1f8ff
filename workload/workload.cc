#include "workload/workload.h"

#include "generator/obscore_row.h"
#include "generator/source_row.h"
#include "workload/workload_text.h"

namespace skyseed {

const std::vector<MixEntry>& WorkloadMix() {
  // Every index the schema builds is exercised: both primary keys, the
  // obs_id btree, the position GiST and the footprint GiST.
  static const std::vector<MixEntry> mix = {
      {"lookup_source.sql", 35, true},      {"lookup_obs.sql", 20, true},
      {"lookup_obs_id.sql", 15, true},      {"cone_source.sql", 20, false},
      {"footprint_obscore.sql", 10, false},
  };
  return mix;
}

std::vector<WorkloadFile> RenderWorkload(const TierSpec& tier, const WorkloadOptions& options,
                                         const WorkloadParams& params) {
  const WorkloadText text{tier, options, params};
  const std::string sources = SourceCsv(params);
  const std::string observations = ObsCsv(params);
  const std::string cones = ConeCsv(params);
  std::vector<WorkloadFile> files = {
      {"params/lookup_source.csv", sources},
      {"params/lookup_obs.csv", observations},
      {"params/cone.csv", cones},
      {"setup.sql", SetupSql(text, sources, observations, cones)},
  };
  for (WorkloadFile& f : PgbenchScripts(text)) files.push_back(std::move(f));
  files.push_back({"run-mix.sh", RunMixScript(), true});
  files.push_back({"README.txt", ReadmeText(text)});
  return files;
}

std::vector<WorkloadFile> WorkloadFiles(const TierSpec& tier, const WorkloadOptions& options) {
  return RenderWorkload(
      tier, options,
      DrawWorkloadParams(tier.RowsOf(kObsCoreTableId), tier.RowsOf(kSourceTableId), options));
}

}  // namespace skyseed
