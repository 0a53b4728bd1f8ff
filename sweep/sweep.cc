#include "sweep/sweep.h"

#include <cstdio>
#include <filesystem>

#include "common/file_reads.h"
#include "grow/grow.h"
#include "loader/output_files.h"
#include "store/manifest_store.h"
#include "sweep/pgbench_process.h"
#include "sweep/sweep_store.h"
#include "sweep/sweep_window_run.h"
#include "workload/child_connection.h"
#include "workload/class_explain.h"

namespace fs = std::filesystem;

namespace skyseed {
namespace {

using json = nlohmann::json;

// Runs a client program (psql, pgbench) to completion; its output goes to
// output_path, and a failure quotes its last line.
Status RunTool(const std::vector<std::string>& argv, const fs::path& output_path,
               const std::vector<std::string>& environment = {}) {
  SKYSEED_ASSIGN_OR_RETURN(ProcessRun run,
                           RunProcess(
                               argv, output_path.parent_path().string(), output_path.string(), 1.0,
                               [] { return Status::Ok(); }, environment));
  if (run.exit_code == 0) return Status::Ok();
  std::string text = ReadWholeFileOrEmpty(output_path);
  while (!text.empty() && text.back() == '\n') text.pop_back();
  const size_t nl = text.rfind('\n');
  return Status::Database(argv[0] + " failed (exit " + std::to_string(run.exit_code) +
                          "): " + (nl == std::string::npos ? text : text.substr(nl + 1)));
}

Result<TierRecord> GrowTier(const SweepOptions& o, const TierSpec& tier, PgConnection& conn) {
  GrowPlan g = o.grow;
  g.tiers = {tier};
  GrowRun run;
  run.conninfo = o.conninfo;
  run.narrator = o.narrator;
  SKYSEED_RETURN_IF_ERROR(Grow(g, run));
  SKYSEED_ASSIGN_OR_RETURN(std::vector<TierRecord> tiers, ReadTiers(conn));
  for (const TierRecord& t : tiers) {
    if (t.tier == tier.name) return t;
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
                                  dir / "setup.out", child.environment()));
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

// "c8-r2": the folder of a window's pgbench output.
std::string WindowDirName(int clients, int rep) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "c%d-r%d", clients, rep);
  return buf;
}

const SweepWindow* Recorded(const std::vector<SweepWindow>& done, int clients, int rep) {
  for (const SweepWindow& w : done) {
    if (w.clients == clients && w.rep == rep) return &w;
  }
  return nullptr;
}

// The client counts and repetitions of one tier, reusing recorded windows.
Status MeasureTier(const SweepOptions& o, const WindowSetting& base, PgConnection& conn,
                   const std::vector<SweepWindow>& done, TierSweep* t, Narrator& narrator) {
  std::vector<StepEvidence> steps;
  bool warmed = false;
  for (int clients : o.clients) {
    std::vector<SweepWindow> step;
    for (int rep = 1; rep <= o.reps; ++rep) {
      if (const SweepWindow* w = Recorded(done, clients, rep)) {
        step.push_back(*w);
        continue;
      }
      WindowSetting s = base;
      if (!warmed && o.warmup_s > 0) {
        s.window_dir = (fs::path(base.window_dir) / "warmup").string();
        narrator.Say(t->tier + ": warming up " + std::to_string(o.warmup_s) + " s");
        SKYSEED_ASSIGN_OR_RETURN(SweepWindow warm, RunWindow(s, conn, clients, 0, o.warmup_s));
      }
      warmed = true;
      s.window_dir = (fs::path(base.window_dir) / WindowDirName(clients, rep)).string();
      SKYSEED_ASSIGN_OR_RETURN(SweepWindow w, RunWindow(s, conn, clients, rep, o.duration_s));
      SKYSEED_RETURN_IF_ERROR(RecordSweepWindow(conn, SweepKey(o), t->corpus_digest, w));
      narrator.Say(DescribeWindow(w));
      step.push_back(w);
    }
    t->windows.insert(t->windows.end(), step.begin(), step.end());
    steps.push_back(StepFromWindows(step));
    t->finding = FindSaturation(steps, o.rule);
    if (t->finding.saturated) {
      narrator.Say(t->tier + " saturated " + t->finding.reason +
                   " (limit: " + LimitKindName(t->finding.limit) + "); no more clients");
      break;
    }
  }
  return Status::Ok();
}

Result<json> DescribeSetup(const SweepOptions& o, PgConnection& conn,
                           const ServerCapabilities& caps, const MachineFacts& m) {
  SKYSEED_ASSIGN_OR_RETURN(auto settings, ReadServerSettings(conn));
  const fs::path version_out = fs::path(o.out_dir) / "pgbench-version.txt";
  SKYSEED_RETURN_IF_ERROR(RunTool({"pgbench", "--version"}, version_out));
  std::string pgbench = ReadWholeFileOrEmpty(version_out);
  while (!pgbench.empty() && pgbench.back() == '\n') pgbench.pop_back();
  return json{{"clients", o.clients},
              {"duration_s", o.duration_s},
              {"reps", o.reps},
              {"warmup_s", o.warmup_s},
              {"mix", MixText(o.mix)},
              {"seed", o.workload.seed},
              {"lookups", o.workload.lookups},
              {"cones", o.workload.cones},
              {"pgbench", pgbench},
              {"server_settings", settings},
              {"machine", {{"cores", m.cores}, {"memory_gib", m.memory_gib}}},
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

std::string DescribeWindow(const SweepWindow& w) {
  char buf[256];
  std::snprintf(buf, sizeof buf,
                "%s %d clients rep %d: %.0f tps, p50 %.2f ms, p95 %.2f ms, p99 %.2f ms, "
                "errors %.2f %%, hit %.4f",
                w.tier.c_str(), w.clients, w.rep, w.tps, w.latency_ms.p50, w.latency_ms.p95,
                w.latency_ms.p99, 100 * w.error_rate, w.hit_ratio);
  std::string s = buf;
  for (const std::string& f : w.flags) s += " [flagged: " + f + "]";
  return s;
}

Result<SweepRecord> RunSweep(const SweepOptions& o) {
  Narrator& narrator = *o.narrator;
  SKYSEED_RETURN_IF_ERROR(PrepareOutputDir(o.out_dir));
  SKYSEED_ASSIGN_OR_RETURN(std::unique_ptr<PgConnection> conn, PgConnection::Connect(o.conninfo));
  PgConnection& c = *conn;
  SKYSEED_ASSIGN_OR_RETURN(std::unique_ptr<ChildConnection> child,
                           ChildConnection::Prepare(o.conninfo));
  SweepRecord record;
  record.key = SweepKey(o);
  for (const TierSpec& tier : o.grow.tiers) {
    SKYSEED_ASSIGN_OR_RETURN(TierRecord reached, GrowTier(o, tier, c));
    SKYSEED_RETURN_IF_ERROR(EnsureSweepTables(c));
    SKYSEED_ASSIGN_OR_RETURN(ServerCapabilities caps, Capabilities(o, c));
    const MachineFacts machine = ReadMachineFacts();
    if (record.setup.is_null()) {
      Result<json> setup = DescribeSetup(o, c, caps, machine);
      if (!setup.ok()) return setup.status();
      record.setup = *setup;
      for (const std::string& m : caps.missing) narrator.Say("evidence missing: " + m);
    }
    const fs::path tier_dir = fs::path(o.out_dir) / tier.name;
    SKYSEED_ASSIGN_OR_RETURN(std::vector<WorkloadFile> workload,
                             PrepareWorkload(o, tier, *child, tier_dir / "workload"));
    TierSweep t;
    t.tier = tier.name;
    t.corpus_digest = reached.corpus.Hex();
    t.database_size = reached.database_size;
    SKYSEED_RETURN_IF_ERROR(ExplainClasses(o, c, workload, tier_dir / "explain", &t));
    SKYSEED_ASSIGN_OR_RETURN(std::vector<SweepWindow> done,
                             ReadSweepWindows(c, record.key, t.tier, t.corpus_digest));
    const WindowSetting base{o,
                             child->conninfo(),
                             child->environment(),
                             tier.name,
                             (tier_dir / "workload").string(),
                             tier_dir.string(),
                             caps,
                             machine};
    SKYSEED_RETURN_IF_ERROR(MeasureTier(o, base, c, done, &t, narrator));
    SKYSEED_RETURN_IF_ERROR(RecordTierSweep(c, record.key, t));
    record.tiers.push_back(std::move(t));
    SKYSEED_RETURN_IF_ERROR(WriteResults(o, record));
  }
  return record;
}

}  // namespace skyseed
