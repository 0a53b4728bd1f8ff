#include "tiers/grow.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <thread>

#include "generator/corpus_tables.h"
#include "tiers/database_manifest.h"
#include "tiers/grow_steps.h"

namespace skyseed {
namespace {

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

Status TryLock(PgConnection& conn, const char* function, const std::string& key, bool* got) {
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(
      conn.Query(std::string("SELECT ") + function + "($1::bigint)", {key}, &r));
  *got = r.text(0, 0) == "t";
  return Status::Ok();
}

Status AcquireGrowLock(PgConnection& conn, const GrowOptions& o) {
  bool got = false;
  SKYSEED_RETURN_IF_ERROR(TryLock(
      conn, o.sharded() ? "pg_try_advisory_lock_shared" : "pg_try_advisory_lock", kGrowLockKey, &got));
  if (!got) {
    return Status::Database(o.sharded() ? "a plain skyseed grow is running on this database; "
                                          "shards wait for it to finish"
                                        : "another skyseed grow is running on this database; "
                                          "wait for it to finish (it holds the grow lock)");
  }
  if (!o.sharded()) return Status::Ok();
  SKYSEED_RETURN_IF_ERROR(
      TryLock(conn, "pg_try_advisory_lock", std::to_string(kShardLockBase + o.shard), &got));
  if (!got) {
    return Status::Database("shard " + std::to_string(o.shard + 1) + "/" +
                            std::to_string(o.shards) + " is already running on this database");
  }
  return Status::Ok();
}

Status CreateOrCheckCorpus(PgConnection& conn, uint64_t seed) {
  Result<CorpusIdentity> id = ReadCorpusIdentity(conn);
  if (id.ok()) return CheckCorpusIdentity(*id, seed);
  if (id.status().code() != Status::Code::kNotFound) return id.status();
  return CreateCorpus(conn, seed);
}

// Serialised, so shards starting together create the extension and the
// schema once.
Status PrepareCorpus(PgConnection& conn, uint64_t seed) {
  SKYSEED_RETURN_IF_ERROR(
      conn.Query("SELECT pg_advisory_lock($1::bigint)", {kSetupLockKey}, nullptr));
  Status s = EnsurePgSphere(conn);
  if (s.ok()) s = CreateOrCheckCorpus(conn, seed);
  conn.Query("SELECT pg_advisory_unlock($1::bigint)", {kSetupLockKey}, nullptr);
  return s;
}

// Every shard of one growth must cut the same chunk grid into the same
// number of shards, or two of them could load overlapping rows.
Status CheckShardPlan(PgConnection& conn, const GrowOptions& o, const std::string& tier) {
  const std::vector<std::string> mine = {tier, std::to_string(o.chunk_rows),
                                         std::to_string(o.shards)};
  SKYSEED_RETURN_IF_ERROR(conn.Query(
      "INSERT INTO skyseed.shard_plan (tier, chunk_rows, shards) VALUES ($1, $2, $3) "
      "ON CONFLICT (one_row) DO NOTHING", mine, nullptr));
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(
      conn.Query("SELECT tier, chunk_rows::text, shards::text FROM skyseed.shard_plan", &r));
  if (r.text(0, 0) != mine[0] || r.text(0, 1) != mine[1] || r.text(0, 2) != mine[2]) {
    return Status::InvalidArgument("the shards already loading this database grow tier " +
                                   r.text(0, 0) + " with --chunk-rows " + r.text(0, 1) + " in " +
                                   r.text(0, 2) + " shards; run every shard with the same values");
  }
  return Status::Ok();
}

// A tier already recorded is reached: its growth is not repeated.
Result<bool> AlreadyReached(PgConnection& conn, const std::string& name) {
  Result<std::vector<TierRecord>> recorded = ReadTiers(conn);
  if (!recorded.ok()) return recorded.status();
  for (const TierRecord& t : *recorded) {
    if (t.tier == name) {
      std::printf("tier %s already reached; nothing to do\n", name.c_str());
      return true;
    }
  }
  return false;
}

Status GrowOnce(const GrowOptions& options) {
  Result<std::unique_ptr<PgConnection>> conn = PgConnection::Connect(options.conninfo);
  if (!conn.ok()) return conn.status();
  PgConnection& control = **conn;
  SKYSEED_RETURN_IF_ERROR(AcquireGrowLock(control, options));
  SKYSEED_RETURN_IF_ERROR(PrepareCorpus(control, options.seed));
  GrowContext ctx{options, control};
  if (options.target_size > 0) {
    Result<bool> reached = AlreadyReached(control, options.target_name);
    if (!reached.ok()) return reached.status();
    return *reached ? Status::Ok() : GrowToSize(ctx);
  }
  if (options.sharded()) {
    if (options.tiers.size() != 1) {
      return Status::InvalidArgument("--shard grows one tier at a time; give a single --tier");
    }
    SKYSEED_RETURN_IF_ERROR(CheckShardPlan(control, options, options.tiers[0].name));
  }
  for (const TierSpec& tier : options.tiers) {
    Result<bool> reached = AlreadyReached(control, tier.name);
    if (!reached.ok()) return reached.status();
    if (*reached) continue;
    TableCounts counts;
    for (const TableDef& t : CorpusTables()) counts[t.qualified_name()] = tier.RowsFor(t.id);
    SKYSEED_RETURN_IF_ERROR(GrowAndRecord(ctx, tier.name, counts));
  }
  return Status::Ok();
}

}  // namespace

Status Grow(const GrowOptions& options) {
  if (Result<std::unique_ptr<PgConnection>> probe = PgConnection::Connect(options.conninfo);
      !probe.ok()) {
    return probe.status();
  }
  for (int attempt = 0;; ++attempt) {
    const Status s = GrowOnce(options);
    if (s.code() != Status::Code::kUnavailable || attempt >= options.retries) return s;
    const int wait = std::min(30, 1 << attempt);
    std::fprintf(stderr, "skyseed: %s; retrying in %d s (retry %d of %d)\n", s.message().c_str(),
                 wait, attempt + 1, options.retries);
    std::this_thread::sleep_for(std::chrono::seconds(wait));
  }
}

Status InitCorpus(const GrowOptions& options) {
  Result<std::unique_ptr<PgConnection>> conn = PgConnection::Connect(options.conninfo);
  if (!conn.ok()) return conn.status();
  return PrepareCorpus(**conn, options.seed);
}

}  // namespace skyseed
