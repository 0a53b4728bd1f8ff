#include "workload/workload.h"

#include <cstdio>
#include <cstdlib>

#include "generator/obscore_row.h"
#include "generator/source_row.h"
#include "workload/workload_text.h"

namespace skyseed {

const std::vector<MixEntry>& WorkloadMix() {
  // Every index the schema builds is exercised: both primary keys, the
  // obs_id btree, the position GiST and the footprint GiST.
  static const std::vector<MixEntry> mix = {
      {"lookup_source", 35, true, LookupSourceScript},
      {"lookup_obs", 20, true, LookupObsScript},
      {"lookup_obs_id", 15, true, LookupObsIdScript},
      {"cone_source", 20, false, ConeSourceScript},
      {"footprint_obscore", 10, false, FootprintObscoreScript},
      // Weight 0: outside the default mix (a whole-table scan would swamp
      // the lookups); a sweep or pgbench asks for it by name.
      {"aggregate_obscore", 0, false, AggregateObscoreScript},
  };
  return mix;
}

const MixEntry* FindQueryClass(std::string_view name) {
  for (const MixEntry& e : WorkloadMix()) {
    if (name == e.name) return &e;
  }
  return nullptr;
}

const MixEntry& QueryClassNamed(std::string_view name) {
  const MixEntry* e = FindQueryClass(name);
  if (e == nullptr) {
    std::fprintf(stderr, "skyseed: no query class %.*s\n", static_cast<int>(name.size()),
                 name.data());
    std::abort();
  }
  return *e;
}

std::string QueryClassNames() {
  std::string names;
  for (const MixEntry& e : WorkloadMix())
    names += (names.empty() ? "" : ", ") + std::string(e.name);
  return names;
}

std::string ScriptFileName(const MixEntry& query_class) {
  return std::string(query_class.name) + ".sql";
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
  for (const MixEntry& m : WorkloadMix()) {
    files.push_back({ScriptFileName(m), m.script(text), false, &m});
  }
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
