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
#include "store/advisory_locks.h"
#include "store/chunk_ledger.h"
#include "store/manifest_store.h"
#include "sweep/sweep_environment.h"
#include "sweep/sweep_store.h"
#include "sweep/sweep_window_run.h"
#include "sweep/tap_window_run.h"
#include "tap/dachs_service.h"
#include "workload/child_connection.h"
#include "workload/class_explain.h"
#include "workload/tap_classes.h"

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

// "c8-r2": the folder of a window's pgbench output.
std::string WindowDirName(int clients, int rep) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "c%d-r%d", clients, rep);
  return buf;
}

const SweepWindow* FindWindow(const std::vector<SweepWindow>& done, int clients, int rep) {
  for (const SweepWindow& w : done) {
    if (w.clients == clients && w.rep == rep) return &w;
  }
  return nullptr;
}

// The recorded window a run keeps rather than measures; a flagged one is
// measured again under --remeasure-flagged.
const SweepWindow* Recorded(const SweepOptions& o, const std::vector<SweepWindow>& done,
                            int clients, int rep) {
  const SweepWindow* w = FindWindow(done, clients, rep);
  return w && o.remeasure_flagged && !w->valid() ? nullptr : w;
}

}  // namespace

bool WindowsLeftToMeasure(const SweepOptions& o, const std::vector<SweepWindow>& recorded) {
  std::vector<StepEvidence> steps;
  for (int clients : o.clients) {
    std::vector<SweepWindow> step;
    for (int rep = 1; rep <= o.reps; ++rep) {
      const SweepWindow* w = Recorded(o, recorded, clients, rep);
      if (!w) return true;
      step.push_back(*w);
    }
    FlagColdWindows(&step, SweepWarmupRule(o));
    steps.push_back(StepFromWindows(step));
    if (FindSaturation(steps, o.rule).saturated) return false;
  }
  return false;
}

namespace {

// Runs one window into `window_dir`: pgbench's or tapbench's.
using WindowRunner = std::function<Result<SweepWindow>(const std::string& window_dir, int clients,
                                                       int rep, int seconds)>;

// "ci: warming up: 5 s interval 3 at 8 clients: 7,812 tps, hit 0.99991, 15.2 reads/s".
std::string DescribeWarmupInterval(const std::string& tier, int n, int clients,
                                   const WarmupInterval& i, const char* rate) {
  char buf[192];
  std::snprintf(buf, sizeof buf,
                ": warming up: %.0f s interval %d at %d clients: %.*f %s, hit %.5f, %.1f reads/s",
                i.seconds, n, clients, i.tps < 100 ? 1 : 0, i.tps, rate, i.hit_ratio,
                i.reads_per_s);
  return tier + buf;
}

// Warms the tier up at `clients` until the warm-up rule says the intervals
// have settled, or its bound.
Result<WarmupRecord> WarmUp(const SweepOptions& o, const char* rate, const std::string& base_dir,
                            const WindowRunner& run_window, int clients, const std::string& tier,
                            Narrator& narrator) {
  const WarmupRule rule = SweepWarmupRule(o);
  WarmupRecord r;
  r.clients = clients;
  r.interval_s = WarmupJudged(rule) ? rule.interval_s : rule.max_s;
  r.max_s = rule.max_s;
  if (!WarmupJudged(rule)) {
    narrator.Say(tier + ": warming up " + std::to_string(rule.max_s) +
                 " s (fixed: too short to judge in " + std::to_string(rule.interval_s) +
                 " s intervals)");
  }
  for (int seconds; (seconds = NextWarmupSeconds(r.intervals, rule)) > 0;) {
    const int n = static_cast<int>(r.intervals.size()) + 1;
    SKYSEED_ASSIGN_OR_RETURN(
        SweepWindow w,
        run_window((fs::path(base_dir) / "warmup" / ("interval-" + std::to_string(n))).string(),
                   clients, 0, seconds));
    // The seconds asked for, so the bound is kept exactly; the rates are
    // over the span the window measured.
    r.intervals.push_back({static_cast<double>(seconds), w.tps, w.hit_ratio, w.reads_per_s});
    r.seconds += seconds;
    if (WarmupJudged(rule)) {
      narrator.Say(DescribeWarmupInterval(tier, n, clients, r.intervals.back(), rate));
    }
  }
  r.outcome = WarmupOutcomeOf(r.intervals, rule);
  char total[32];
  std::snprintf(total, sizeof total, "%.0f s", r.seconds);
  if (r.outcome == WarmupOutcome::kSettled) {
    narrator.Say(tier + ": warm-up settled after " + total);
  } else if (r.outcome == WarmupOutcome::kNotSettled) {
    narrator.Say(tier + ": warm-up not settled after " + total +
                 "; the first window is flagged cold");
  }
  return r;
}

// The client counts and repetitions of one tier, reusing recorded windows
// (of `key`). The warm-up runs before the first window measured in this run
// (after a grow or a restart the cache is cold; a rerun that measures
// nothing new warms nothing). Once a step's repetitions are complete, a
// window clearly colder than the others is flagged, recorded ones too, and
// its record updated, so a rerun and the report see the same flags.
// A tier the database has grown past (`held` false) is only concluded from
// what was recorded: its windows cannot be measured on another tier's rows.
Status MeasureTier(const SweepOptions& o, const std::string& key, const char* rate,
                   const std::string& base_dir, const WindowRunner& run_window, PgConnection& conn,
                   const std::vector<SweepWindow>& done, bool held, TierSweep* t,
                   Narrator& narrator) {
  std::vector<StepEvidence> steps;
  bool warmed = false;
  int unmeasurable = 0;
  std::string cold_flag;  // for the first measured window, when the warm-up did not settle
  for (int clients : o.clients) {
    std::vector<SweepWindow> step;
    for (int rep = 1; rep <= o.reps; ++rep) {
      const SweepWindow* kept = Recorded(o, done, clients, rep);
      if (!kept && !held) {
        ++unmeasurable;
        kept = FindWindow(done, clients, rep);  // a flagged one still counts
      }
      if (kept) {
        step.push_back(*kept);
        continue;
      }
      if (!held) continue;
      if (!warmed && o.warmup_s > 0) {
        SKYSEED_ASSIGN_OR_RETURN(WarmupRecord warmup,
                                 WarmUp(o, rate, base_dir, run_window, clients, t->tier, narrator));
        cold_flag = WarmupColdFlag(warmup);
        t->warmup = std::move(warmup);
      }
      SKYSEED_ASSIGN_OR_RETURN(
          SweepWindow w, run_window((fs::path(base_dir) / WindowDirName(clients, rep)).string(),
                                    clients, rep, o.duration_s));
      if (!warmed && !cold_flag.empty()) w.flags.push_back(cold_flag);
      warmed = true;
      SKYSEED_RETURN_IF_ERROR(RecordSweepWindow(conn, key, t->corpus_digest, w));
      narrator.Say(DescribeWindow(w, rate));
      step.push_back(w);
    }
    for (size_t i : FlagColdWindows(&step, SweepWarmupRule(o))) {
      SKYSEED_RETURN_IF_ERROR(UpdateSweepWindowResult(conn, key, t->corpus_digest, step[i]));
      narrator.Say(t->tier + " " + std::to_string(clients) + " clients rep " +
                   std::to_string(step[i].rep) + " flagged: " + step[i].flags.back());
    }
    t->windows.insert(t->windows.end(), step.begin(), step.end());
    if (step.empty()) break;
    steps.push_back(StepFromWindows(step));
    t->finding = FindSaturation(steps, o.rule);
    if (t->finding.saturated) {
      narrator.Say(t->tier + " saturated " + t->finding.reason +
                   " (limit: " + LimitKindName(t->finding.limit) + "); no more clients");
      break;
    }
  }
  if (unmeasurable > 0) {
    narrator.Say(t->tier + ": " + std::to_string(unmeasurable) +
                 " window(s) to measure, but the database has grown past " + t->tier +
                 "; its recorded windows stand");
  }
  return Status::Ok();
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

std::string DescribeWindow(const SweepWindow& w, const char* rate) {
  char buf[256];
  std::snprintf(buf, sizeof buf,
                "%s %d clients rep %d: %.*f %s, p50 %.2f ms, p95 %.2f ms, p99 %.2f ms, "
                "errors %.2f %%, hit %.4f",
                w.tier.c_str(), w.clients, w.rep, w.tps < 100 ? 1 : 0, w.tps, rate,
                w.latency_ms.p50, w.latency_ms.p95, w.latency_ms.p99, 100 * w.error_rate,
                w.hit_ratio);
  std::string s = buf;
  for (const std::string& f : w.flags) s += " [flagged: " + f + "]";
  return s;
}

namespace {

// The TAP sweep of one tier: the query files, the service (skyseed's DaCHS,
// started when a window is still to be measured and stopped before the next
// tier grows), the windows.
Status MeasureTapTier(const SweepOptions& o, const TierSpec& tier, PgConnection& c,
                      const ServerCapabilities& caps, const MachineFacts& machine,
                      const fs::path& tier_dir, const std::string& key, bool held, TierSweep* t,
                      nlohmann::json* service_description) {
  Narrator& narrator = *o.narrator;
  const fs::path query_dir = tier_dir / "tap" / "queries";
  std::error_code ec;
  fs::create_directories(query_dir, ec);
  if (ec) return Status::IoError(query_dir.string() + ": " + ec.message());
  for (const TapMixClass& m : o.tap_mix) {
    SKYSEED_RETURN_IF_ERROR(
        WriteFileAtomically(query_dir / TapQueryFileName(*m.query_class),
                            TapQueryFile(*m.query_class, tier, o.workload, o.tap.tables)));
  }
  SKYSEED_ASSIGN_OR_RETURN(std::vector<SweepWindow> done,
                           ReadSweepWindows(c, key, t->tier, t->corpus_digest));
  std::unique_ptr<DachsService> dachs;
  TapWindowSetting setting{o,         tier.name,      query_dir.string(), "",
                           o.tap.url, o.tap.userinfo, o.tap.pid,          o.tap.ceiling_cores,
                           caps,      machine};
  // skyseed's DaCHS only when a window is still to be measured (a rerun of
  // a finished or saturated tier needs no service).
  if (setting.url.empty() && held && WindowsLeftToMeasure(o, done)) {
    DachsOptions d{o.tap.data_dir, o.tap.dbname, kCorpusSchema, o.tap.dachs_settings};
    SKYSEED_ASSIGN_OR_RETURN(dachs, DachsService::Start(d, c, narrator));
    setting.url = dachs->url();
    setting.service_pid = dachs->pid();
    setting.service_ceiling = dachs->ceiling_cores();
    *service_description = dachs->Describe();
  }
  const WindowRunner run = [&](const std::string& dir, int clients, int rep, int seconds) {
    setting.window_dir = dir;
    return RunTapWindow(setting, c, clients, rep, seconds);
  };
  const Status measured =
      MeasureTier(o, key, "req/s", (tier_dir / "tap").string(), run, c, done, held, t, narrator);
  if (dachs) {
    const Status stopped = dachs->Stop();
    if (measured.ok() && !stopped.ok()) return stopped;
    if (stopped.ok()) narrator.Say("DaCHS stopped; its roles, schemas and files removed");
  }
  return measured;
}

json DescribeTapSetup(const SweepOptions& o, const json& database_setup) {
  json j = database_setup;
  j.erase("pgbench");
  j["target"] = "tap";
  j["mix"] = TapMixText(o.tap_mix);
  j["load_generator"] = "skyseed tapbench (libcurl, one thread and connection per client)";
  j["tables"] = {{"obscore", o.tap.tables.obscore}, {"source", o.tap.tables.source}};
  j["service"] = o.tap.url.empty() ? json{{"managed_by_skyseed", true}}
                                   : json{{"url", ServiceUrl{o.tap.url, o.tap.userinfo}.Shown()},
                                          {"pid", o.tap.pid},
                                          {"ceiling_cores", o.tap.ceiling_cores}};
  j["saturation_rule"]["service_busy"] = o.rule.service_busy;
  return j;
}

Status WriteTapResults(const SweepOptions& o, const SweepResult& r) {
  const fs::path out(o.out_dir);
  SKYSEED_RETURN_IF_ERROR(
      WriteFileAtomically(out / "tap-sweep.json", SweepToJson(r.tap).dump(2) + "\n"));
  SKYSEED_RETURN_IF_ERROR(WriteFileAtomically(out / "tap-windows.csv", WindowsCsv(r.tap)));
  if (!o.measures_database()) return Status::Ok();
  return WriteFileAtomically(out / "service-share.csv", ServiceSharesCsv(r.shares));
}

}  // namespace

std::string TapSweepLine(const SweepResult& r) {
  std::string tiers;
  double max_rps = 0, p95_at_max = 0;
  for (const TierSweep& t : r.tap.tiers) {
    tiers += (tiers.empty() ? "" : ",") + t.tier;
    for (const auto& [clients, ws] : WindowsByClients(t)) {
      const StepEvidence e = StepFromWindows(ws);
      if (e.tps > max_rps) {
        max_rps = e.tps;
        p95_at_max = e.p95_ms;
      }
    }
  }
  char buf[128];
  std::snprintf(buf, sizeof buf, " max_rps=%.1f p95_ms_at_max=%.1f", max_rps, p95_at_max);
  std::string line = "tap-sweep tiers=" + tiers + buf;
  // Every tier's: in a scaling run the limit moves as the tiers outgrow memory.
  for (const TierSweep& t : r.tap.tiers) {
    line += " limit_" + t.tier + "=" + LimitText(t);
    const double share = TierServiceShare(r.shares, t.tier);
    std::snprintf(buf, sizeof buf, "%.3f", share);
    line += " service_share_p50_" + t.tier + "=" + (share >= 0 ? buf : "n/a");
  }
  return line;
}

Result<SweepResult> RunSweep(const SweepOptions& o) {
  Narrator& narrator = *o.narrator;
  SKYSEED_RETURN_IF_ERROR(PrepareOutputDir(o.out_dir));
  SKYSEED_ASSIGN_OR_RETURN(std::unique_ptr<PgConnection> conn, PgConnection::Connect(o.conninfo));
  PgConnection& c = *conn;
  // Held until this connection closes: a grow started meanwhile is refused.
  SKYSEED_ASSIGN_OR_RETURN(const bool sweeping,
                           TryAdvisoryLock(c, kSweepLockKey, LockMode::kShared));
  if (!sweeping) return Status::Database("cannot take the sweep lock on this database");
  SKYSEED_ASSIGN_OR_RETURN(std::unique_ptr<ChildConnection> child,
                           ChildConnection::Prepare(o.conninfo));
  SweepResult result;
  SweepRecord& record = result.database;
  record.key = SweepKey(o);
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
        SKYSEED_ASSIGN_OR_RETURN(d.explain, ReadTierPlans(c, record.key, d.tier, d.corpus_digest));
      }
      SKYSEED_ASSIGN_OR_RETURN(std::vector<SweepWindow> done,
                               ReadSweepWindows(c, record.key, d.tier, d.corpus_digest));
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
      SKYSEED_RETURN_IF_ERROR(
          MeasureTier(o, record.key, "tps", tier_dir.string(), run, c, done, held, &d, narrator));
      SKYSEED_RETURN_IF_ERROR(RecordTierSweep(c, record.key, d));
      SKYSEED_RETURN_IF_ERROR(RecordSweepSetup(c, record.key, record.setup));
      record.tiers.push_back(std::move(d));
      SKYSEED_RETURN_IF_ERROR(WriteResults(o, record));
    }
    if (o.measures_tap()) {
      TierSweep tt = t;
      json service;
      SKYSEED_RETURN_IF_ERROR(
          MeasureTapTier(o, tier, c, caps, machine, tier_dir, result.tap.key, held, &tt, &service));
      if (!service.is_null()) result.tap.setup["service"] = service;
      SKYSEED_RETURN_IF_ERROR(RecordTierSweep(c, result.tap.key, tt));
      SKYSEED_RETURN_IF_ERROR(RecordSweepSetup(c, result.tap.key, result.tap.setup));
      result.tap.tiers.push_back(std::move(tt));
      result.shares = ServiceShares(result.database, result.tap);
      SKYSEED_RETURN_IF_ERROR(WriteTapResults(o, result));
    }
  }
  return result;
}

}  // namespace skyseed
