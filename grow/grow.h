// `skyseed grow`: takes one database from empty to a tier, or from one tier
// to the next, loading only the chunks the ledger does not hold.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "common/narrator.h"
#include "common/status.h"
#include "tiers/chunk_plan.h"
#include "tiers/tier_spec.h"

namespace skyseed {

class CorpusFileSet;
class PgConnection;

// What the user chose for a growth: a value that a sweep keeps too, with
// nothing of the run in it (GrowRun has the server, the narrator, files).
struct GrowPlan {
  uint64_t seed = kDefaultSeed;
  bool run_by_sweep = false;    // the sweep holds kSweepLockKey: not a reason to refuse
  std::vector<TierSpec> tiers;  // grown and recorded in order
  uint64_t target_size = 0;     // bytes; instead of tiers when > 0
  std::string target_name;      // the tier name recorded for target_size
  int jobs = 2;
  uint64_t chunk_rows = kGrowChunkRows;
  std::string maintenance_work_mem = "512MB";
  // --shard K/N as shard = K-1, shards = N: load only the chunk-grid cells
  // this shard owns; the last shard to finish (or a plain grow) builds the
  // indexes and records the tier.
  int shard = 0;
  int shards = 1;
  bool sharded() const { return shards > 1; }
  // Times a growth that lost its server mid-way (backend terminated, server
  // restarted) starts over, waiting 1, 2, 4 ... 30 s in between; every
  // committed chunk is kept, so a retry resumes. A first connection that
  // fails is never retried: that is a wrong --db, not a fault.
  int retries = 5;
  // Present the tables as ivoa.obscore and gaia.gaia_source (views over
  // skyseed_corpus.*); false leaves those names to a service (DaCHS builds
  // its own ivoa.obscore). Unset: true for a new corpus, and an existing
  // one keeps the setting recorded in skyseed.standard_view; set, an
  // existing corpus is changed to it (publish/standard_views.h).
  std::optional<bool> standard_names;
  // The pg_sphere GiSTs (the footprint's above all) grow with every chunk
  // on the loading connections, so their cost is shared by --jobs backends
  // and no single backend is the critical path (docs/benchmarks/2026-12-where-the-work-goes.md).
  // false: set aside while a table is empty and built once after its load,
  // in one backend each.
  bool gist_during_load = true;
  // Before loading, every growth checks that the tables hold the rows the
  // chunk ledger says, counted per chunk (store/ledger_audit.h); --verify
  // also re-reads those rows and compares them with the generator, so a
  // changed value is refused too (verify/ledger_recheck.h).
  bool verify = false;
  // Roles given read access (GrantReadSql) once the tiers are grown.
  std::vector<std::string> grant_roles;
};

// What the run provides: where the server is, how to restart it, the
// corpus files to load instead of generating, and who hears of progress.
struct GrowRun {
  std::string conninfo;
  // Set when skyseed runs the server itself (the embedded cluster): called
  // once, when the growth lost its server, to start it again if it is down.
  // Returns whether it did restart it (false: the server was alive).
  std::function<Result<bool>()> restart_server;
  // `skyseed load`: rows come from these checked files instead of the
  // generator; tiers holds the one tier they make up.
  const CorpusFileSet* files = nullptr;
  // Where the tier summaries, retries, index builds and progress go.
  Narrator* narrator = &SilentNarrator();
};

// The checks of `plan` that need no server (a sharded growth grows one
// tier, given by --tier): InvalidArgument. Grow runs them first; a command
// runs them before it connects, so a wrong combination touches nothing.
Status CheckGrowChoices(const GrowPlan& plan);
// The checks of `plan` that need the server (its range of
// maintenance_work_mem; a --target-size the database already exceeds):
// InvalidArgument before anything is touched. Grow runs them first.
Status CheckGrowOnServer(PgConnection& conn, const GrowPlan& plan);
Status Grow(const GrowPlan& plan, const GrowRun& run);
// Creates pg_sphere, the corpus tables and the manifest for plan.seed (or
// checks them), loading nothing: the step before distributing the tables
// with Citus, or before starting shards on several hosts.
Status InitCorpus(const GrowPlan& plan, const GrowRun& run);

}  // namespace skyseed
