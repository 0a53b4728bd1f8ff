#include "tiers/grow.h"

#include <chrono>
#include <cstdio>
#include <map>
#include <memory>

#include "generator/corpus_tables.h"
#include "loader/chunk_copy.h"
#include "schema/corpus_schema.h"
#include "tiers/database_manifest.h"
#include "tiers/grow_steps.h"
#include "tiers/index_strategy.h"
#include "tiers/parallel_chunks.h"
#include "tiers/progress.h"

namespace skyseed {
namespace {

// Any number both grow runs agree on: the second one is refused while the
// first holds it, so two runs never interleave their chunks.
constexpr const char* kGrowLockKey = "7020584306458092132";

Status EnsurePgSphere(PgConnection& conn) {
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(conn.Query(
      "SELECT (SELECT count(*) FROM pg_extension WHERE extname = 'pg_sphere'), "
      "(SELECT count(*) FROM pg_available_extensions WHERE name = 'pg_sphere')", &r));
  if (r.text(0, 0) != "0") return Status::Ok();
  if (r.text(0, 1) == "0") {
    return Status::InvalidArgument(
        "the server has no pg_sphere extension; install it on the server host "
        "(Debian: apt-get install postgresql-15-pgsphere, then scripts/mend-pgsphere.sh)");
  }
  return conn.Exec("CREATE EXTENSION IF NOT EXISTS pg_sphere")
      .Annotate("creating extension pg_sphere (needs a role allowed to create extensions)");
}

Status AcquireGrowLock(PgConnection& conn) {
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(conn.Query("SELECT pg_try_advisory_lock($1::bigint)", {kGrowLockKey}, &r));
  if (r.text(0, 0) != "t") {
    return Status::Database("another skyseed grow is running on this database; "
                            "wait for it to finish (it holds the grow lock)");
  }
  return Status::Ok();
}

Status PrepareCorpus(PgConnection& conn, uint64_t seed) {
  Result<CorpusIdentity> id = ReadCorpusIdentity(conn);
  if (id.ok()) return CheckCorpusIdentity(*id, seed);
  if (id.status().code() != Status::Code::kNotFound) return id.status();
  return CreateCorpus(conn, seed);
}

bool TierRecorded(const std::vector<TierRecord>& tiers, const std::string& name) {
  for (const TierRecord& t : tiers) {
    if (t.tier == name) return true;
  }
  return false;
}

}  // namespace

Status Grow(const GrowOptions& options) {
  Result<std::unique_ptr<PgConnection>> conn = PgConnection::Connect(options.conninfo);
  if (!conn.ok()) return conn.status();
  PgConnection& control = **conn;
  SKYSEED_RETURN_IF_ERROR(EnsurePgSphere(control));
  SKYSEED_RETURN_IF_ERROR(AcquireGrowLock(control));
  SKYSEED_RETURN_IF_ERROR(PrepareCorpus(control, options.seed));
  GrowContext ctx{options, control};
  if (options.target_size > 0) return GrowToSize(ctx);
  for (const TierSpec& tier : options.tiers) {
    Result<std::vector<TierRecord>> recorded = ReadTiers(control);
    if (!recorded.ok()) return recorded.status();
    if (TierRecorded(*recorded, tier.name)) {
      std::printf("tier %s already reached; nothing to do\n", tier.name.c_str());
      continue;
    }
    TableCounts counts;
    for (const TableDef& t : CorpusTables()) counts[t.qualified_name()] = tier.RowsFor(t.id);
    SKYSEED_RETURN_IF_ERROR(GrowAndRecord(ctx, tier.name, counts));
  }
  return Status::Ok();
}

}  // namespace skyseed
