// The query classes of a TAP sweep: ADQL sent to a service's /sync endpoint,
// in the mix users capacity-plan their services with. Each class's queries
// are drawn from the corpus like the pgbench parameters
// (generator/workload_draws.h), so they are the same for a seed and tier and
// every lookup hits a row the tier holds.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "generator/workload_draws.h"
#include "tiers/tier_spec.h"

namespace skyseed {

// How the service names the corpus tables in ADQL. DaCHS with skyseed's RD
// publishes the catalogue in the corpus schema and the observations as
// ivoa.obscore.
struct TapTables {
  std::string obscore = "ivoa.obscore";
  std::string source = "skyseed_corpus.gaia_source";
};

struct TapQueryText {
  const WorkloadParams& params;
  const TapTables& tables;
};

struct TapClass {
  const char* name;  // "tap_cone"; its query file is TapQueryFileName(name)
  int weight;        // in the default TAP mix (0: only by --tap-mix); the weights sum to 100
  // The pgbench class (WorkloadMix) running the same index path without the
  // service, whose latency the service share is taken against; nullptr when
  // none does (metadata, streaming).
  const char* database_class;
  std::vector<std::string> (*queries)(const TapQueryText&);
};

// Every TAP class: the default mix's first, then those only --tap-mix names.
const std::vector<TapClass>& TapMix();
// nullptr when no class has that name.
const TapClass* FindTapClass(std::string_view name);
// "tap_metadata, tap_lookup, ...": for help texts and errors.
std::string TapClassNames();
// "tap_cone.adql": one ADQL query per line.
std::string TapQueryFileName(const TapClass& c);

// The queries of one class for a tier, one per line (ADQL has no newlines
// here), ready for `skyseed tapbench --file`.
std::string TapQueryFile(const TapClass& c, const TierSpec& tier, const WorkloadOptions& options,
                         const TapTables& tables);
// Split back into queries: what tapbench and the tests read.
std::vector<std::string> TapQueriesOf(const TapClass& c, const TierSpec& tier,
                                      const WorkloadOptions& options, const TapTables& tables);

}  // namespace skyseed
