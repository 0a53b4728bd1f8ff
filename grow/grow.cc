#include "grow/grow.h"

#include <chrono>
#include <cstdio>
#include <memory>
#include <optional>
#include <thread>

#include "common/interrupt.h"
#include "generator/corpus_tables.h"
#include "grow/grow_retry.h"
#include "grow/grow_steps.h"
#include "grow/grow_to_size.h"
#include "grow/memory_setting.h"
#include "grow/pg_grow_database.h"
#include "grow/shard_growth.h"
#include "indexes/index_builds.h"
#include "publish/standard_views.h"
#include "schema/corpus_schema.h"
#include "store/advisory_locks.h"
#include "store/manifest_store.h"
#include "store/record_audit.h"

namespace skyseed {
namespace {

Status EnsureExtension(PgConnection& conn, const std::string& name, const std::string& install) {
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(
      conn.Query("SELECT (SELECT count(*) FROM pg_extension WHERE extname = $1), "
                 "(SELECT count(*) FROM pg_available_extensions WHERE name = $1)",
                 {name}, &r));
  if (r.text(0, 0) != "0") return Status::Ok();
  if (r.text(0, 1) == "0") {
    return Status::InvalidArgument("the server has no " + name +
                                   " extension; install it on the server host (Debian: " + install +
                                   ")");
  }
  return conn.Exec("CREATE EXTENSION IF NOT EXISTS " + conn.QuoteIdent(name))
      .Annotate("creating extension " + name + " (needs a role allowed to create extensions)");
}

Status EnsureExtensions(PgConnection& conn) {
  for (const ExtensionDef& e : CorpusExtensions()) {
    SKYSEED_RETURN_IF_ERROR(EnsureExtension(conn, e.name, e.debian_install));
  }
  return Status::Ok();
}

Status AcquireGrowLock(PgConnection& conn, const GrowPlan& o) {
  Result<bool> got =
      TryAdvisoryLock(conn, kGrowLockKey, o.sharded() ? LockMode::kShared : LockMode::kExclusive);
  if (!got.ok()) return got.status();
  if (!*got) {
    return Status::Database(o.sharded() ? "a plain skyseed grow is running on this database; "
                                          "shards wait for it to finish"
                                        : "another skyseed grow is running on this database; "
                                          "wait for it to finish (it holds the grow lock)");
  }
  if (!o.run_by_sweep) {
    // Rows arriving under a sweep would change what its windows measure.
    SKYSEED_ASSIGN_OR_RETURN(const bool sweeping, AdvisoryLockHeld(conn, kSweepLockKey));
    if (sweeping) {
      return Status::InvalidArgument(
          "a skyseed sweep is measuring this database; wait for it to finish (it holds the "
          "sweep lock)");
    }
  }
  if (!o.sharded()) return Status::Ok();
  got = TryAdvisoryLock(conn, std::to_string(kShardLockBase + o.shard));
  if (!got.ok()) return got.status();
  if (!*got) {
    return Status::Database("shard " + std::to_string(o.shard + 1) + "/" +
                            std::to_string(o.shards) + " is already running on this database");
  }
  return Status::Ok();
}

// An existing corpus also gets the standard names it should present (the
// option given, or its recorded setting), and loses stash records of
// indexes that are built.
Status CreateOrCheckCorpus(PgConnection& conn, const GrowPlan& o, Narrator& narrator) {
  Result<CorpusIdentity> id = ReadCorpusIdentity(conn);
  if (id.ok()) {
    SKYSEED_RETURN_IF_ERROR(CheckCorpusIdentity(*id, o.seed));
    SKYSEED_RETURN_IF_ERROR(ReconcileStandardNames(conn, o.standard_names, narrator));
    return ClearStashOfBuiltIndexes(conn, narrator);
  }
  if (id.status().code() != Status::Code::kNotFound) return id.status();
  return CreateCorpus(conn, o.seed, o.standard_names.value_or(true));
}

// Serialised, so shards starting together create the extension and the
// schema once.
Status PrepareCorpus(PgConnection& conn, const GrowPlan& o, Narrator& narrator) {
  SKYSEED_RETURN_IF_ERROR(AdvisoryLock(conn, kSetupLockKey));
  Status s = EnsureExtensions(conn);
  if (s.ok()) s = CreateOrCheckCorpus(conn, o, narrator);
  // The setup's own error comes first; an unlock that fails means the
  // session is gone, which releases the lock anyway, but is still reported.
  const Status unlocked = AdvisoryUnlock(conn, kSetupLockKey);
  return s.ok() ? unlocked : s;
}

// A tier already recorded is reached: its growth is not repeated, but a
// declared index lost since is rebuilt (by a plain grow: shards running
// together would race to build it).
Result<bool> AlreadyReached(GrowContext& ctx, const std::string& name) {
  SKYSEED_ASSIGN_OR_RETURN(std::vector<TierRecord> recorded, ctx.db.ReadTiers());
  if (!HasTier(recorded, name)) return false;
  PhaseTimes restored;
  if (!ctx.plan.sharded()) SKYSEED_RETURN_IF_ERROR(BuildStashedIndexes(ctx, &restored));
  ctx.run.narrator->Say(
      "tier " + name + " already reached; " +
      (restored.index_builds.empty() ? "nothing to do" : "its indexes are complete again"));
  return true;
}

Status GrowTiers(GrowContext& ctx, PgConnection& control) {
  const GrowPlan& options = ctx.plan;
  // CheckGrowChoices: a sharded growth has exactly one tier.
  if (options.sharded()) {
    SKYSEED_RETURN_IF_ERROR(JoinShardPlan(control, options, options.tiers[0].name));
  }
  for (const TierSpec& tier : options.tiers) {
    SKYSEED_ASSIGN_OR_RETURN(bool reached, AlreadyReached(ctx, tier.name));
    if (reached) continue;
    SKYSEED_RETURN_IF_ERROR(GrowAndRecord(ctx, tier.name, tier.rows));
  }
  return Status::Ok();
}

// Before anything is loaded, so that a typo costs nothing.
Status CheckRolesExist(PgConnection& conn, const GrowPlan& options) {
  for (const std::string& role : options.grant_roles) {
    PgResult r;
    SKYSEED_RETURN_IF_ERROR(conn.Query("SELECT 1 FROM pg_roles WHERE rolname = $1", {role}, &r));
    if (r.rows() == 0) {
      PgResult where;
      SKYSEED_RETURN_IF_ERROR(
          conn.Query("SELECT current_database(), current_setting('port')", &where));
      return Status::InvalidArgument("--grant: no role '" + role + "' in the server of database " +
                                     where.text(0, 0) + " (port " + where.text(0, 1) +
                                     "); roles belong to a server: create it there, or grow "
                                     "into the server that has it with --db");
    }
  }
  return Status::Ok();
}

Status GrantRead(PgConnection& conn, const GrowPlan& options, Narrator& narrator) {
  if (options.grant_roles.empty()) return Status::Ok();
  SKYSEED_ASSIGN_OR_RETURN(bool views, PresentsStandardNames(conn));
  for (const std::string& role : options.grant_roles) {
    SKYSEED_RETURN_IF_ERROR(conn.Exec(GrantReadSql(role, conn.IdentQuoter(), views))
                                .Annotate("granting read access to role " + role));
    narrator.Say("role " + role + " may read the corpus (and grant that on)");
  }
  return Status::Ok();
}

Status GrowOnce(const GrowPlan& options, const GrowRun& run) {
  SKYSEED_ASSIGN_OR_RETURN(std::unique_ptr<PgConnection> conn, PgConnection::Connect(run.conninfo));
  PgConnection& control = *conn;
  SKYSEED_RETURN_IF_ERROR(AcquireGrowLock(control, options));
  SKYSEED_RETURN_IF_ERROR(CheckRolesExist(control, options));
  SKYSEED_RETURN_IF_ERROR(PrepareCorpus(control, options, *run.narrator));
  PgGrowDatabase db(options, run, control);
  GrowContext ctx{options, run, db};
  // --verify re-reads every row there, whether or not a tier is left to
  // grow: on a tier already reached it is the only work asked for.
  if (options.verify) SKYSEED_RETURN_IF_ERROR(CheckLedgerOnce(ctx));
  if (options.target_size == 0) {
    SKYSEED_RETURN_IF_ERROR(GrowTiers(ctx, control));
  } else {
    SKYSEED_ASSIGN_OR_RETURN(bool reached, AlreadyReached(ctx, options.target_name));
    if (!reached) SKYSEED_RETURN_IF_ERROR(GrowToSize(ctx));
  }
  return GrantRead(control, options, *run.narrator);
}

// A growth a kill or an interrupt cut short: ledger chunks no tier record
// vouches for yet, or indexes still set aside. The same --target-size
// finishes it, however large the database already is: it grows on to the
// end of the sky step those rows lie in, as the run that was cut short would.
Result<bool> GrowthUnfinished(PgConnection& conn) {
  SKYSEED_ASSIGN_OR_RETURN(const std::vector<StashEntry> stash, ReadStash(conn));
  if (!stash.empty()) return true;
  SKYSEED_ASSIGN_OR_RETURN(const std::vector<TierRecord> tiers, ReadTiers(conn));
  SKYSEED_ASSIGN_OR_RETURN(const std::vector<LedgerEntry> ledger, ReadLedger(conn));
  const std::vector<NamedTableDigest> recorded = RecordedRows(tiers);
  for (const LedgerEntry& e : ledger) {
    const TableDef* table = FindTable(e.table);
    if (table != nullptr && e.range.first >= recorded[table->index].digest.rows) return true;
  }
  return false;
}

// A target the database already exceeds would be recorded as a tier it
// never grew to: refused, unless that tier is recorded already or a growth
// cut short is to be finished.
Status CheckTargetAhead(PgConnection& conn, const GrowPlan& options) {
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(
      conn.Query("SELECT pg_database_size(current_database()), "
                 "to_regclass('skyseed.tier') IS NOT NULL",
                 &r));
  const uint64_t size = static_cast<uint64_t>(r.int64(0, 0));
  if (size < options.target_size) return Status::Ok();
  if (r.text(0, 1) == "t") {
    PgResult recorded;
    SKYSEED_RETURN_IF_ERROR(
        conn.Query("SELECT 1 FROM skyseed.tier WHERE tier = $1", {options.target_name}, &recorded));
    if (recorded.rows() > 0) return Status::Ok();  // "already reached"
    SKYSEED_ASSIGN_OR_RETURN(const bool unfinished, GrowthUnfinished(conn));
    if (unfinished) return Status::Ok();
  }
  char current[32];
  std::snprintf(current, sizeof current, "%.1f MiB", size / 1048576.0);
  return Status::InvalidArgument("--target-size: the database is already " + std::string(current) +
                                 ", at least the target " + options.target_name.substr(5) +
                                 "; nothing to grow (give a larger size)");
}

// The back-off between retries, cut short when the user interrupts.
void SleepUnlessInterrupted(int seconds) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
  while (!Interrupted() && std::chrono::steady_clock::now() < until) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
}

// A server skyseed runs itself that died is started again, once, before
// the retries wait for a server that nobody would start. True: restarted,
// retry at once.
Result<bool> RestartedServer(const GrowRun& options, const Status& failure, bool* used) {
  if (*used || !options.restart_server || failure.code() != Status::Code::kUnavailable ||
      Interrupted()) {
    return false;
  }
  *used = true;
  Result<bool> restarted = options.restart_server();
  if (!restarted.ok()) return restarted.status().Annotate(failure.message());
  if (*restarted) {
    options.narrator->Note("skyseed: " + failure.message() +
                           "; the embedded server was down: restarted it, resuming");
  }
  return restarted;
}

}  // namespace

Status CheckGrowChoices(const GrowPlan& options) {
  if (!options.sharded()) return Status::Ok();
  if (options.target_size > 0) {
    return Status::InvalidArgument("--shard works with --tier, not --target-size");
  }
  if (options.tiers.size() != 1) {
    return Status::InvalidArgument("--shard grows one tier at a time; give a single --tier");
  }
  return Status::Ok();
}

Status CheckGrowOnServer(PgConnection& conn, const GrowPlan& options) {
  SKYSEED_RETURN_IF_ERROR(CheckMaintenanceWorkMemOnServer(conn, options.maintenance_work_mem));
  // Another seed's corpus, or a skyseed.corpus skyseed cannot read, before
  // anything is made for this run (a sweep's --out included).
  Result<CorpusIdentity> id = ReadCorpusIdentity(conn);
  if (id.ok()) SKYSEED_RETURN_IF_ERROR(CheckCorpusIdentity(*id, options.seed));
  if (!id.ok() && id.status().code() != Status::Code::kNotFound) return id.status();
  if (options.target_size > 0) SKYSEED_RETURN_IF_ERROR(CheckTargetAhead(conn, options));
  return Status::Ok();
}

Status Grow(const GrowPlan& options, const GrowRun& run) {
  SKYSEED_RETURN_IF_ERROR(CheckGrowChoices(options));
  {
    SKYSEED_ASSIGN_OR_RETURN(std::unique_ptr<PgConnection> probe,
                             PgConnection::Connect(run.conninfo));
    SKYSEED_RETURN_IF_ERROR(CheckGrowOnServer(*probe, options));
  }
  bool restart_used = false;
  for (int attempt = 0;;) {
    const Status s = GrowOnce(options, run);
    SKYSEED_ASSIGN_OR_RETURN(bool restarted, RestartedServer(run, s, &restart_used));
    if (restarted) continue;
    const std::optional<int> wait = RetryDelaySeconds(s, attempt, options.retries);
    if (!wait || Interrupted()) return s;
    run.narrator->Note("skyseed: " + s.message() + "; retrying in " + std::to_string(*wait) +
                       " s (retry " + std::to_string(attempt + 1) + " of " +
                       std::to_string(options.retries) + ")");
    SleepUnlessInterrupted(*wait);
    ++attempt;
  }
}

Status InitCorpus(const GrowPlan& plan, const GrowRun& run) {
  SKYSEED_ASSIGN_OR_RETURN(std::unique_ptr<PgConnection> conn, PgConnection::Connect(run.conninfo));
  return PrepareCorpus(*conn, plan, *run.narrator);
}

}  // namespace skyseed
