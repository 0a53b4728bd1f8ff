#include "sweep/sweep.h"

#include <cstdio>
#include <filesystem>
#include <map>

#include "capacity/capacity.h"
#include "capacity/cold_windows.h"
#include "capacity/service_share.h"
#include "common/child_process.h"
#include "common/file_reads.h"
#include "common/service_url.h"
#include "grow/grow.h"
#include "loader/output_files.h"
#include "schema/corpus_schema.h"
#include "store/chunk_ledger.h"
#include "store/manifest_store.h"
#include "sweep/sweep_environment.h"
#include "sweep/sweep_window_run.h"
#include "sweep/tap_sweep.h"
#include "sweep/tier_measure.h"
#include "sweep_record/sweep_store.h"
#include "tap/dachs_service.h"
#include "workload/child_connection.h"
#include "workload/class_explain.h"
#include "workload/tap_classes.h"
#include "workload/working_set.h"

namespace fs = std::filesystem;

namespace skyseed {
namespace {

using json = nlohmann::json;

// The tier's record, and in `held` whether the tables hold exactly that
// tier now: the chunk ledger (what the tables hold) adds up to the tier's
// digests. They grow by prefix, so after a larger tier, or chunks of one
// whose grow was cut short, the tier is gone.
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
    *held = true;
    for (const TierTableRecord& table : t.tables) {
      *held = *held && LedgerDigest(ledger, table.table) == table.digest;
    }
    return t;
  }
  return Status::NotFound("tier " + tier.name + " has no record after growing");
}

// Writes the tier's workload and loads its parameters with psql; returns
// the files as written (pgbench reads the scripts from disk, EXPLAIN takes
// them from here).
Result<std::vector<WorkloadFile>> PrepareWorkload(const SweepOptions& o, const TierSpec& tier,
                                                  const ChildConnection& child,
                                                  const fs::path& dir) {
  std::error_code ec;
  fs::create_directories(dir / "params", ec);
  if (ec) return Status::IoError(dir.string() + ": " + ec.message());
  std::vector<WorkloadFile> files = WorkloadFiles(tier, o.workload);
  for (const WorkloadFile& f : files) {
    SKYSEED_RETURN_IF_ERROR(WriteFileAtomically(dir / f.name, f.content, f.executable));
  }
  SKYSEED_RETURN_IF_ERROR(RunTool({"psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-f",
                                   (dir / "setup.sql").string(), "-d", child.conninfo()},
                                  (dir / "setup.out").string(), child.environment()));
  return files;
}

// The script the workload rendered for `query_class`.
Result<std::string> ScriptOf(const std::vector<WorkloadFile>& files, const MixEntry& query_class) {
  for (const WorkloadFile& f : files) {
    if (f.query_class == &query_class) return f.content;
  }
  return Status::NotFound(std::string("the workload has no script for ") + query_class.name);
}

Status ExplainClasses(const SweepOptions& o, PgConnection& conn,
                      const std::vector<WorkloadFile>& workload, const fs::path& explain_dir,
                      TierSweep* t) {
  std::error_code ec;
  fs::create_directories(explain_dir, ec);
  for (const MixClass& c : o.mix) {
    const std::string name = c.query_class->name;
    SKYSEED_ASSIGN_OR_RETURN(std::string script, ScriptOf(workload, *c.query_class));
    Result<std::string> plan = ExplainScript(conn, script);
    if (!plan.ok()) return plan.status().Annotate("explaining " + name);
    SKYSEED_RETURN_IF_ERROR(WriteFileAtomically(explain_dir / (name + ".json"), *plan));
    json j = json::parse(*plan, nullptr, false);
    if (j.is_discarded()) return Status::Corruption("EXPLAIN of " + name + " is not JSON");
    t->explain[name] = j;
  }
  return Status::Ok();
}

}  // namespace

namespace {

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

Status WriteResults(const SweepOptions& o, const SweepRecord& r) {
  SKYSEED_RETURN_IF_ERROR(
      WriteFileAtomically(fs::path(o.out_dir) / "sweep.json", SweepToJson(r).dump(2) + "\n"));
  return WriteFileAtomically(fs::path(o.out_dir) / "windows.csv", WindowsCsv(r));
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

}  // namespace

Result<SweepResult> RunSweep(const SweepOptions& o) {
  Narrator& narrator = *o.narrator;
  SKYSEED_RETURN_IF_ERROR(PrepareOutputDir(o.out_dir));
  SKYSEED_ASSIGN_OR_RETURN(std::unique_ptr<PgConnection> conn, PgConnection::Connect(o.conninfo));
  PgConnection& c = *conn;
  SKYSEED_ASSIGN_OR_RETURN(std::unique_ptr<ChildConnection> child,
                           ChildConnection::Prepare(o.conninfo));
  SweepResult result;
  SweepRecord& record = result.database;
  record.key = DatabaseSweepKey(o);
  result.tap.key = TapSweepKey(o);
  for (const TierSpec& tier : o.grow.tiers) {
    bool held = false;
    SKYSEED_ASSIGN_OR_RETURN(TierRecord reached, GrowTier(o, tier, c, &held));
    SKYSEED_RETURN_IF_ERROR(EnsureSweepTables(c));
    SKYSEED_ASSIGN_OR_RETURN(ServerCapabilities caps, Capabilities(o, c));
    const MachineFacts machine = ReadMachineFacts();
    if (record.setup.is_null()) {
      Result<json> setup = DescribeSetup(o, c, caps, machine);
      if (!setup.ok()) return setup.status();
      record.setup = *setup;
      result.tap.setup = DescribeTapSetup(o, *setup);
      for (const std::string& m : caps.missing) narrator.Say("evidence missing: " + m);
    }
    const fs::path tier_dir = fs::path(o.out_dir) / tier.name;
    TierSweep t;
    t.tier = tier.name;
    t.corpus_digest = reached.corpus.Hex();
    t.database_size = reached.database_size;
    t.measured = MeasuredOf(reached);
    t.missing_evidence = caps.missing;
    if (o.measures_database()) {
      SKYSEED_ASSIGN_OR_RETURN(std::vector<WorkloadFile> workload,
                               PrepareWorkload(o, tier, *child, tier_dir / "workload"));
      TierSweep d = t;
      if (held) {
        SKYSEED_RETURN_IF_ERROR(ExplainClasses(o, c, workload, tier_dir / "explain", &d));
      } else {
        // EXPLAIN now would run on another tier's rows: keep the recorded plans.
        SKYSEED_ASSIGN_OR_RETURN(d.explain,
                                 ReadTierPlans(c, record.key.Text(), d.tier, d.corpus_digest));
      }
      SKYSEED_ASSIGN_OR_RETURN(std::vector<SweepWindow> done,
                               ReadSweepWindows(c, record.key.Text(), d.tier, d.corpus_digest));
      const WindowSetting base{o,
                               child->conninfo(),
                               child->environment(),
                               tier.name,
                               (tier_dir / "workload").string(),
                               tier_dir.string(),
                               caps,
                               machine};
      const WindowRunner run = [&](const std::string& dir, int clients, int rep, int seconds) {
        WindowSetting s = base;
        s.window_dir = dir;
        return RunWindow(s, c, clients, rep, seconds);
      };
      std::vector<std::string> classes;
      for (const MixClass& m : o.mix) {
        if (m.weight > 0) classes.push_back(m.query_class->name);
      }
      PgSweepBench bench(run, WorkingSetPrimer(c, classes, tier, o.workload), tier_dir.string(), c,
                         record.key.Text(), d.corpus_digest);
      SKYSEED_RETURN_IF_ERROR(MeasureTier(bench, o, "tps", done, held, &d, narrator));
      SKYSEED_RETURN_IF_ERROR(RecordTierSweep(c, record.key.Text(), d));
      SKYSEED_RETURN_IF_ERROR(RecordSweepSetup(c, record.key.Text(), record.setup));
      record.tiers.push_back(std::move(d));
      SKYSEED_RETURN_IF_ERROR(WriteResults(o, record));
    }
    if (o.measures_tap()) {
      TierSweep tt = t;
      json service;
      SKYSEED_RETURN_IF_ERROR(MeasureTapTier(o, tier, c, caps, machine, tier_dir.string(),
                                             result.tap.key.Text(), held, &tt, &service));
      if (!service.is_null()) result.tap.setup["service"] = service;
      SKYSEED_RETURN_IF_ERROR(RecordTierSweep(c, result.tap.key.Text(), tt));
      SKYSEED_RETURN_IF_ERROR(RecordSweepSetup(c, result.tap.key.Text(), result.tap.setup));
      result.tap.tiers.push_back(std::move(tt));
      result.shares = ServiceShares(result.database, result.tap);
      SKYSEED_RETURN_IF_ERROR(WriteTapResults(o, result.tap, result.shares));
    }
  }
  return result;
}

}  // namespace skyseed
