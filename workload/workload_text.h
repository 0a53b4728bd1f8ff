// The text of a workload's files (see workload.h): CSVs, the setup script,
// the pgbench scripts, the run script and the README. Every value in the SQL
// is a number formatted here or a fixed identifier; no user text reaches it.
#pragma once

#include <string>
#include <vector>

#include "workload/workload.h"

namespace skyseed {

struct WorkloadText {
  const TierSpec& tier;
  const WorkloadOptions& options;
  const WorkloadParams& params;
};

// With a header line; i counts from 1, as pgbench's random(1, N) does.
std::string SourceCsv(const WorkloadParams& p);
std::string ObsCsv(const WorkloadParams& p);
std::string ConeCsv(const WorkloadParams& p);

// Self-contained: the CSVs follow their COPY commands inline.
std::string SetupSql(const WorkloadText& t, const std::string& source_csv,
                     const std::string& obs_csv, const std::string& cone_csv);
// The pgbench script of each query class (WorkloadMix names them).
std::string LookupSourceScript(const WorkloadText& t);
std::string LookupObsScript(const WorkloadText& t);
std::string LookupObsIdScript(const WorkloadText& t);
std::string ConeSourceScript(const WorkloadText& t);
std::string FootprintObscoreScript(const WorkloadText& t);
std::string AggregateObscoreScript(const WorkloadText& t);
// "-f lookup_source.sql@35 -f ..." for the default mix (classes of weight 0
// left out); prefix goes before
// each script name (e.g. "$dir/").
std::string MixArguments(const std::string& prefix);
std::string RunMixScript();
std::string ReadmeText(const WorkloadText& t);

}  // namespace skyseed
