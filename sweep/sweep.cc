#include "sweep/sweep.h"

#include <cstdio>
#include <filesystem>
#include <map>

#include "capacity/capacity.h"
#include "capacity/service_share.h"
#include "common/child_process.h"
#include "common/file_reads.h"
#include "common/file_writes.h"
#include "common/service_url.h"
#include "grow/grow.h"
#include "loader/output_files.h"
#include "schema/corpus_schema.h"
#include "store/chunk_ledger.h"
#include "store/manifest_store.h"
#include "store/record_audit.h"
#include "sweep/database_target.h"
#include "sweep/sweep_environment.h"
#include "sweep/sweep_target.h"
#include "sweep/tap_target.h"
#include "sweep_record/sweep_kind_words.h"
#include "sweep_record/sweep_store.h"
#include "tap/dachs_service.h"
#include "workload/child_connection.h"

namespace fs = std::filesystem;

namespace skyseed {
namespace {

using json = nlohmann::json;

// The tier's record, and in `held` whether the tables hold exactly that
// tier now, by the ledger rule (store/record_audit.h: LedgerHoldsTier).
Result<TierRecord> GrowTier(const SweepOptions& o, const TierSpec& tier, PgConnection& conn,
                            bool* held) {
  GrowPlan g = o.grow;
  g.tiers = {tier};
  g.run_by_sweep = true;
  GrowRun run;
  run.conninfo = o.conninfo;
  run.narrator = o.narrator;
  SKYSEED_RETURN_IF_ERROR(Grow(g, run));
  SKYSEED_ASSIGN_OR_RETURN(std::vector<TierRecord> tiers, ReadTiers(conn));
  SKYSEED_ASSIGN_OR_RETURN(std::vector<LedgerEntry> ledger, ReadLedger(conn));
  for (const TierRecord& t : tiers) {
    if (t.tier != tier.name) continue;
    *held = LedgerHoldsTier(t, ledger);
    return t;
  }
  return Status::NotFound("tier " + tier.name + " has no record after growing");
}

Result<json> DescribeSetup(const SweepOptions& o, PgConnection& conn,
                           const ServerCapabilities& caps, const MachineFacts& m) {
  SKYSEED_ASSIGN_OR_RETURN(auto settings, ReadServerSettings(conn));
  const fs::path version_out = fs::path(o.out_dir) / "pgbench-version.txt";
  SKYSEED_RETURN_IF_ERROR(RunTool({"pgbench", "--version"}, version_out.string()));
  std::string pgbench = ReadWholeFileOrEmpty(version_out);
  while (!pgbench.empty() && pgbench.back() == '\n') pgbench.pop_back();
  SKYSEED_ASSIGN_OR_RETURN(json server, DescribeServer(conn));
  return json{{"clients", o.clients},
              {"duration_s", o.duration_s},
              {"reps", o.reps},
              {"warmup_s", o.warmup_s},
              {"warmup_interval_s", o.warmup_interval_s},
              {"mix", MixText(o.mix)},
              {"seed", o.workload.seed},
              {"corpus_seed", o.grow.seed},
              {"lookups", o.workload.lookups},
              {"cones", o.workload.cones},
              {"pgbench", pgbench},
              {"server_settings", settings},
              {"machine", {{"cores", m.cores}, {"memory_gib", m.memory_gib}}},
              {"host", DescribeHost()},
              {"server_version", server["server_version"]},
              {"extensions", server["extensions"]},
              {"missing_evidence", caps.missing},
              {"saturation_rule",
               {{"min_tps_gain", o.rule.min_tps_gain}, {"min_p95_rise", o.rule.min_p95_rise}}}};
}

// pg_stat_statements where skyseed runs the server: loaded by the embedded
// cluster's settings, created here. A --db server is only read.
Result<ServerCapabilities> Capabilities(const SweepOptions& o, PgConnection& conn) {
  Result<ServerCapabilities> caps = ProbeCapabilities(conn);
  if (!caps.ok() || caps->statements || o.data_dir.empty()) return caps;
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(conn.Query(
      "SELECT current_setting('shared_preload_libraries') LIKE '%pg_stat_statements%'", &r));
  if (r.text(0, 0) != "t") return caps;
  SKYSEED_RETURN_IF_ERROR(conn.Exec("CREATE EXTENSION IF NOT EXISTS pg_stat_statements"));
  return ProbeCapabilities(conn);
}

// Grows the tables to `tier` and reads what every target's windows there
// share; the sweep's common setup on the first tier.
Result<SweepTier> ReachTier(const SweepOptions& o, const TierSpec& tier, PgConnection& c,
                            json* setup) {
  SweepTier s;
  s.spec = &tier;
  s.dir = (fs::path(o.out_dir) / tier.name).string();
  SKYSEED_ASSIGN_OR_RETURN(TierRecord reached, GrowTier(o, tier, c, &s.held));
  SKYSEED_RETURN_IF_ERROR(EnsureSweepTables(c));
  SKYSEED_ASSIGN_OR_RETURN(s.caps, Capabilities(o, c));
  s.machine = ReadMachineFacts();
  if (setup->is_null()) {
    SKYSEED_ASSIGN_OR_RETURN(*setup, DescribeSetup(o, c, s.caps, s.machine));
    for (const std::string& m : s.caps.missing) o.narrator->Say("evidence missing: " + m);
  }
  s.base.tier = tier.name;
  s.base.corpus_digest = reached.corpus.Hex();
  s.base.database_size = reached.database_size;
  s.base.measured = MeasuredOf(reached);
  s.base.missing_evidence = s.caps.missing;
  return s;
}

// The targets --target names, in the order each tier measures them: the
// database first, so a TAP window's service share has its pgbench pair.
std::vector<std::unique_ptr<SweepTarget>> SweepTargets(const SweepOptions& o, PgConnection& c,
                                                       const ChildConnection& child) {
  std::vector<std::unique_ptr<SweepTarget>> targets;
  if (o.measures_database()) targets.push_back(std::make_unique<DatabaseTarget>(o, c, child));
  if (o.measures_tap()) targets.push_back(std::make_unique<TapTarget>(o, c));
  return targets;
}

// Where a target's record goes in the result, and its files once a tier
// is added: sweep.json and windows.csv, or the TAP sweep's (tap_target.h).
SweepRecord& RecordOf(SweepResult& r, const SweepKey& key) {
  return key.tap() ? r.tap : r.database;
}

Status WriteResults(const SweepOptions& o, const SweepKey& key, SweepResult* r) {
  if (key.tap()) {
    r->shares = ServiceShares(r->database, r->tap);
    return WriteTapResults(o, r->tap, r->shares);
  }
  SKYSEED_RETURN_IF_ERROR(WriteFileAtomically(fs::path(o.out_dir) / WordsOf(key.kind).record_file,
                                              SweepToJson(r->database).dump(2) + "\n"));
  return WriteFileAtomically(fs::path(o.out_dir) / "windows.csv", WindowsCsv(r->database));
}

}  // namespace

Result<SweepResult> RunSweep(const SweepOptions& o) {
  SKYSEED_RETURN_IF_ERROR(PrepareOutputDir(o.out_dir));
  SKYSEED_ASSIGN_OR_RETURN(std::unique_ptr<PgConnection> conn, PgConnection::Connect(o.conninfo));
  PgConnection& c = *conn;
  SKYSEED_ASSIGN_OR_RETURN(std::unique_ptr<ChildConnection> child,
                           ChildConnection::Prepare(o.conninfo));
  const std::vector<std::unique_ptr<SweepTarget>> targets = SweepTargets(o, c, *child);
  SweepResult result;
  result.database.key = DatabaseSweepKey(o);
  result.tap.key = TapSweepKey(o);
  json setup;  // the targets' common setup, read on the first tier
  for (const TierSpec& tier : o.grow.tiers) {
    SKYSEED_ASSIGN_OR_RETURN(const SweepTier reached, ReachTier(o, tier, c, &setup));
    for (const std::unique_ptr<SweepTarget>& target : targets) {
      SweepRecord& record = RecordOf(result, target->Key());
      TierSweep t;
      SKYSEED_RETURN_IF_ERROR(SweepTierOn(*target, o, reached, &t, *o.narrator));
      record.setup = target->Describe(setup);
      SKYSEED_RETURN_IF_ERROR(RecordTierSweep(c, record.key.Text(), t));
      SKYSEED_RETURN_IF_ERROR(RecordSweepSetup(c, record.key.Text(), record.setup));
      record.tiers.push_back(std::move(t));
      SKYSEED_RETURN_IF_ERROR(WriteResults(o, record.key, &result));
    }
  }
  return result;
}

}  // namespace skyseed
