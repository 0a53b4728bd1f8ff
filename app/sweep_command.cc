// `skyseed sweep`: a capacity sweep across tiers and client counts with the
// real pgbench, recorded in the database and written as JSON and CSV.
#include <signal.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <memory>

#include "app/commands.h"
#include "app/connection_options.h"
#include "app/loading_options.h"
#include "app/seed_option.h"
#include "app/sweep_carry_command.h"
#include "cluster/data_dir.h"
#include "common/service_url.h"
#include "common/user_values.h"
#include "console/console_narrator.h"
#include "grow/grow.h"
#include "holdings/tiers_past.h"
#include "loader/output_files.h"
#include "loader/pg_connection.h"
#include "sweep/sweep.h"
#include "tap/dachs_service.h"
#include "tap/tap_load.h"
#include "workload/child_connection.h"

namespace skyseed {
namespace {

// The typed options' defaults, which the option texts below show and parse.
const SweepOptions& Defaults() {
  static const SweepOptions defaults{};
  return defaults;
}

struct SweepArgs {
  std::string tiers = "ci,S,D1", clients = DefaultText(Defaults().clients),
              duration = DefaultText(Defaults().duration_s), reps = DefaultText(Defaults().reps),
              warmup = DefaultText(Defaults().warmup_s), mix = MixText(Defaults().mix),
              out = Defaults().out_dir, seed = kDefaultSeedText,
              lookups = DefaultText(Defaults().workload.lookups),
              cones = DefaultText(Defaults().workload.cones);
  std::string tap_window;       // empty: --duration
  std::string warmup_interval;  // empty: 5 s, or the whole bound when that is shorter
  bool keep_logs = false, remeasure_flagged = false;
  LoadingArgs loading;
  std::string target = "db", tap_url, tap_mix = TapMixText(Defaults().tap_mix), tap_pid = "0",
              tap_ceiling = "0", tap_tables = "ivoa.obscore,skyseed_corpus.gaia_source",
              tap_timeout = DefaultText(Defaults().tap.timeout_s), tap_cpus,
              tap_instances = DefaultText(Defaults().tap.instances),
              tap_pooler = PoolerName(Defaults().tap.pooler);
  std::vector<std::string> dachs_settings;
  std::string profile_service;  // --profile-service [CLIENTS]; "" alone: the default count
  // Which options were given, for the combinations --target rules out.
  bool mix_given = false, tap_given = false, profile_given = false;
};

Result<int> ParseInt(const std::string& text, const char* what, uint64_t min, uint64_t max) {
  SKYSEED_ASSIGN_OR_RETURN(uint64_t v, ParseCount(text, what, min, max));
  return static_cast<int>(v);
}

// The service's options against each other: a --tap-url service's, or
// those of skyseed's own DaCHS, which needs the embedded cluster.
Status CheckTapService(const SweepArgs& a, SweepOptions* o) {
  if (!o->tap.url.empty()) {
    if (!a.dachs_settings.empty() || o->tap.cpus > 0 || o->tap.instances > 1 ||
        o->tap.pooler != PoolerKind::kNone) {
      return Status::InvalidArgument(
          "--dachs-setting, --tap-cpus, --tap-instances and --tap-pooler configure skyseed's own "
          "DaCHS; the service at --tap-url is described by --tap-pid and --tap-ceiling");
    }
    if (o->tap.pid > 0 && kill(o->tap.pid, 0) != 0) {
      return Status::InvalidArgument("--tap-pid " + a.tap_pid + ": no such process");
    }
    return Status::Ok();
  }
  if (o->tap.pid > 0 || o->tap.ceiling_cores > 0) {
    return Status::InvalidArgument(
        "--tap-pid and --tap-ceiling describe the service at --tap-url; skyseed knows its own "
        "DaCHS's");
  }
  if (!UsesEmbeddedCluster(a.loading.conn)) {
    return Status::InvalidArgument(
        "--target tap without --tap-url runs DaCHS for skyseed's embedded cluster; with --db, "
        "give the URL of the TAP service in front of that database (--tap-url)");
  }
  // The DaCHS of the stack the cluster runs on (tap/dachs_program.h).
  SKYSEED_ASSIGN_OR_RETURN(o->tap.dachs,
                           DachsForCluster(a.loading.conn.data_dir, a.loading.conn.pg_stack));
  SKYSEED_RETURN_IF_ERROR(CheckDachsDatabaseName(a.loading.conn.database));
  SKYSEED_RETURN_IF_ERROR(CheckServingTools(o->tap.instances, o->tap.cpus, o->tap.pooler));
  if (o->grow.standard_names.value_or(false)) {
    return Status::InvalidArgument(
        "--standard-names skyseed: DaCHS publishes its own ivoa.obscore; skyseed's DaCHS needs "
        "--standard-names none (the default with --target tap)");
  }
  o->grow.standard_names = false;
  return Status::Ok();
}

// --target and the TAP options, checked against each other.
Status ParseTapOptions(const SweepArgs& a, SweepOptions* o) {
  SKYSEED_ASSIGN_OR_RETURN(o->target, ParseSweepTarget(a.target));
  if (!o->measures_tap()) {
    if (a.tap_given) {
      return Status::InvalidArgument(
          "--tap-url, --tap-mix and the other --tap-/--dachs- options need --target tap or both");
    }
    return Status::Ok();
  }
  if (o->target == TargetChoice::kTap && a.mix_given) {
    return Status::InvalidArgument(
        "--mix names the database sweep's classes; --target tap measures --tap-mix (classes: " +
        TapClassNames() + ")");
  }
  SKYSEED_ASSIGN_OR_RETURN(o->tap_mix, ParseTapMix(a.tap_mix));
  const ServiceUrl tap_url = SplitServiceUrl(a.tap_url);
  o->tap.url = tap_url.url;
  o->tap.userinfo = tap_url.userinfo;
  if (!a.tap_url.empty() && a.tap_url.rfind("http://", 0) != 0 &&
      a.tap_url.rfind("https://", 0) != 0) {
    return Status::InvalidArgument("--tap-url '" + tap_url.Shown() + "' is not an http(s) URL");
  }
  SKYSEED_ASSIGN_OR_RETURN(o->tap.pid, ParseInt(a.tap_pid, "--tap-pid", 0, 1u << 22));
  SKYSEED_ASSIGN_OR_RETURN(o->tap.ceiling_cores, ParseInt(a.tap_ceiling, "--tap-ceiling", 0, 4096));
  SKYSEED_ASSIGN_OR_RETURN(o->tap.timeout_s, ParseInt(a.tap_timeout, "--tap-timeout", 1, 3600));
  const size_t comma = a.tap_tables.find(',');
  if (comma == std::string::npos || comma == 0 || comma + 1 == a.tap_tables.size() ||
      a.tap_tables.find_first_of(" '\"\n;", 0) != std::string::npos) {
    return Status::InvalidArgument("--tap-tables '" + a.tap_tables +
                                   "' is not OBSCORE_TABLE,SOURCE_TABLE (ADQL names)");
  }
  o->tap.tables.obscore = a.tap_tables.substr(0, comma);
  o->tap.tables.source = a.tap_tables.substr(comma + 1);
  for (const std::string& setting : a.dachs_settings) {
    SKYSEED_RETURN_IF_ERROR(CheckDachsSetting(setting));
  }
  o->tap.dachs_settings = a.dachs_settings;
  if (!a.tap_cpus.empty()) {
    SKYSEED_ASSIGN_OR_RETURN(o->tap.cpus, ParseCpus(a.tap_cpus, "--tap-cpus"));
  }
  SKYSEED_ASSIGN_OR_RETURN(o->tap.instances, ParseInt(a.tap_instances, "--tap-instances", 1, 64));
  SKYSEED_ASSIGN_OR_RETURN(o->tap.pooler, ParsePooler(a.tap_pooler));
  return CheckTapService(a, o);
}

// One line when nothing answers at --tap-url: before any server is started.
Status CheckTapUrl(const SweepOptions& o) {
  if (!o.measures_tap() || o.tap.url.empty()) return Status::Ok();
  Result<std::string> availability = FetchUrl(o.tap.url + "/availability", 10, o.tap.userinfo);
  if (!availability.ok()) {
    const std::string shown = ServiceUrl{o.tap.url, o.tap.userinfo}.Shown();
    return Status::InvalidArgument("--tap-url " + shown + ": no TAP service answers at " + shown +
                                   "/availability (" + availability.status().message() + ")");
  }
  return Status::Ok();
}

// Every option, before anything is touched.
Status ParseSweepOptions(const SweepArgs& a, SweepOptions* o) {
  SKYSEED_ASSIGN_OR_RETURN(o->grow.tiers, ParseTierList(a.tiers));
  SKYSEED_ASSIGN_OR_RETURN(o->clients, ParseClientList(a.clients));
  SKYSEED_ASSIGN_OR_RETURN(o->duration_s, ParseInt(a.duration, "--duration", 1, 86'400));
  if (!a.tap_window.empty()) {
    SKYSEED_ASSIGN_OR_RETURN(o->tap_window_s, ParseInt(a.tap_window, "--tap-window", 1, 86'400));
  }
  SKYSEED_ASSIGN_OR_RETURN(o->reps, ParseInt(a.reps, "--reps", 1, 100));
  SKYSEED_ASSIGN_OR_RETURN(int warmup, ParseInt(a.warmup, "--warmup", 0, 86'400));
  o->warmup_s = warmup;
  if (a.warmup_interval.empty()) {
    // A bound under the default interval is a short fixed warm-up.
    o->warmup_interval_s = std::max(1, std::min(o->warmup_interval_s, warmup));
  } else {
    SKYSEED_ASSIGN_OR_RETURN(int interval,
                             ParseInt(a.warmup_interval, "--warmup-interval", 1, 86'400));
    if (warmup > 0 && interval > warmup) {
      return Status::InvalidArgument("--warmup-interval " + a.warmup_interval +
                                     " is longer than the warm-up's bound, --warmup " + a.warmup);
    }
    o->warmup_interval_s = interval;
  }
  SKYSEED_ASSIGN_OR_RETURN(o->mix, ParseMix(a.mix));
  SKYSEED_ASSIGN_OR_RETURN(o->grow.seed, ParseSeed(a.seed));
  o->workload.seed = o->grow.seed;
  SKYSEED_ASSIGN_OR_RETURN(const int lookups, ParseInt(a.lookups, "--lookups", 1, 10'000'000));
  o->workload.lookups = static_cast<uint32_t>(lookups);
  SKYSEED_ASSIGN_OR_RETURN(const int cones, ParseInt(a.cones, "--cones", 1, 10'000'000));
  o->workload.cones = static_cast<uint32_t>(cones);
  if (a.out.empty()) return Status::InvalidArgument("--out must not be empty");
  o->out_dir = AbsoluteOutputPath(a.out).string();
  o->keep_logs = a.keep_logs;
  o->remeasure_flagged = a.remeasure_flagged;
  SKYSEED_RETURN_IF_ERROR(ParseLoadingOptions(a.loading, &o->grow));
  SKYSEED_RETURN_IF_ERROR(ParseTapOptions(a, o));
  if (!a.profile_given) return Status::Ok();
  if (!o->measures_tap() || !o->tap.url.empty()) {
    return Status::InvalidArgument(
        "--profile-service samples skyseed's own DaCHS: it needs --target tap or both, without "
        "--tap-url");
  }
  SKYSEED_ASSIGN_OR_RETURN(o->profile_clients, ParseProfileClients(a.profile_service, o->clients));
  return Status::Ok();
}

// "a warm-up of 5 s intervals until steady, at most 120 s".
std::string WarmupText(const SweepOptions& o) {
  if (o.warmup_s == 0) return "no warm-up";
  if (!WarmupJudged(SweepWarmupRule(o))) {
    return "a fixed " + std::to_string(o.warmup_s) + " s warm-up";
  }
  return "a warm-up of " + std::to_string(o.warmup_interval_s) +
         " s intervals until steady, at most " + std::to_string(o.warmup_s) + " s";
}

// The sweep's record beside the embedded cluster (tap/dachs_leftovers.h),
// taken or refused: another sweep holds it.
Result<std::unique_ptr<PrivateRecord>> TakeSweepRecord(const std::string& data_dir) {
  SKYSEED_ASSIGN_OR_RETURN(const std::filesystem::path path,
                           BesideDataDir(data_dir, kSweepRecordSuffix));
  SKYSEED_ASSIGN_OR_RETURN(std::unique_ptr<PrivateRecord> record, PrivateRecord::TryTake(path));
  if (record != nullptr) return record;
  return Status::InvalidArgument("another skyseed sweep is running on the cluster in " + data_dir +
                                 " (it holds " + path.string() + "); wait for it to finish");
}

// What is about to be measured, before the first tier grows.
void PrintSweepPlan(const SweepArgs& a, const SweepOptions& o) {
  std::printf("sweep: target %s, tiers %s, clients %s, %d s x %d reps after %s, out %s\n",
              a.target.c_str(), a.tiers.c_str(), a.clients.c_str(), o.duration_s, o.reps,
              WarmupText(o).c_str(), o.out_dir.c_str());
  if (o.measures_database()) std::printf("  database mix %s\n", MixText(o.mix).c_str());
  if (o.measures_tap()) {
    std::printf("  TAP mix %s, service %s\n", TapMixText(o.tap_mix).c_str(),
                o.tap.url.empty() ? "skyseed's own DaCHS"
                                  : ServiceUrl{o.tap.url, o.tap.userinfo}.Shown().c_str());
  }
  std::fflush(stdout);
}

Status RunSweepCommand(const SweepArgs& a) {
  SweepOptions o;
  SKYSEED_RETURN_IF_ERROR(ParseSweepOptions(a, &o));
  // Before the server: an unusable --out must not cost a cluster's initdb;
  // but --out is made only once the connection's checks have passed too.
  const Status usable = CheckOutputDirCreatable(o.out_dir);
  if (!usable.ok()) return Status::InvalidArgument("--out " + usable.message());
  SKYSEED_RETURN_IF_ERROR(CheckTapUrl(o));
  // One sweep at a time on an embedded cluster (its DaCHS folder and roles
  // are the cluster's), before anything of it is touched; then on a
  // database. Both are held until the sweep ends.
  std::unique_ptr<PrivateRecord> record;
  if (UsesEmbeddedCluster(a.loading.conn)) {
    SKYSEED_ASSIGN_OR_RETURN(record, TakeSweepRecord(a.loading.conn.data_dir));
  }
  Result<std::string> conninfo = ResolveConninfo(a.loading.conn, o.grow.jobs);
  if (!conninfo.ok()) return conninfo.status();
  // psql and pgbench must be able to get it without a password on argv.
  SKYSEED_RETURN_IF_ERROR(WithoutPassword(*conninfo).status());
  if (record != nullptr) SKYSEED_RETURN_IF_ERROR(SayReaped(a.loading.conn.data_dir, record.get()));
  SKYSEED_ASSIGN_OR_RETURN(std::unique_ptr<PgConnection> lock_conn,
                           PgConnection::Connect(*conninfo));
  SKYSEED_RETURN_IF_ERROR(TakeSweepLock(*lock_conn));
  SKYSEED_RETURN_IF_ERROR(CheckGrowOnServer(*lock_conn, o.grow));
  SKYSEED_RETURN_IF_ERROR(CheckTiersNotPast(*lock_conn, o));
  // skyseed's DaCHS only where no other DaCHS is: unpublishing removes it.
  if (o.measures_tap() && o.tap.url.empty()) {
    SKYSEED_RETURN_IF_ERROR(CheckNoDachsIn(*lock_conn, true));
    SKYSEED_RETURN_IF_ERROR(CheckDachsDatabaseName(*lock_conn, a.loading.conn.database));
  }
  const Status out_dir = PrepareOutputDir(o.out_dir);
  if (!out_dir.ok()) return Status::InvalidArgument("--out " + out_dir.message());
  o.conninfo = *conninfo;
  o.narrator = &ConsoleNarrator();
  if (UsesEmbeddedCluster(a.loading.conn)) {
    o.data_dir = a.loading.conn.data_dir;
    o.tap.data_dir = AbsoluteDataDir(o.data_dir);
    o.tap.dbname = a.loading.conn.database;
    o.tap.record = record.get();
  }
  PrintSweepPlan(a, o);
  SKYSEED_ASSIGN_OR_RETURN(SweepResult r, RunSweep(o));
  if (o.measures_database()) {
    std::printf("sweep recorded in the database and in %s/sweep.json, %s/windows.csv\n",
                o.out_dir.c_str(), o.out_dir.c_str());
  }
  if (o.measures_tap()) {
    std::printf(
        "TAP sweep recorded in the database and in %s/tap-sweep.json, %s/tap-windows.csv%s\n",
        o.out_dir.c_str(), o.out_dir.c_str(),
        o.measures_database() ? (", " + o.out_dir + "/service-share.csv").c_str() : "");
    std::printf("%s\n", TapSweepLine(r).c_str());
  }
  return Status::Ok();
}

// The windows: tiers, client counts, lengths, repetitions, warm-up, mix, out.
void AddWindowOptions(CLI::App* cmd, SweepArgs* a) {
  cmd->add_option("--tier", a->tiers, "growing list of tiers, each grown before it is measured")
      ->default_val(a->tiers);
  cmd->add_option("--clients", a->clients, "growing list of pgbench client counts")
      ->default_val(a->clients);
  cmd->add_option("--duration", a->duration, "seconds per measurement window")
      ->default_val(a->duration);
  cmd->add_option("--tap-window", a->tap_window,
                  "seconds per TAP measurement window (default: --duration); a service answers "
                  "~10 req/s, so 200 requests of a 10 % class take ~200 s where pgbench needs 60");
  cmd->add_option("--reps", a->reps, "windows per client count (95 % Student-t intervals)")
      ->default_val(a->reps);
  cmd->add_option("--warmup", a->warmup,
                  "at most this many seconds of load before the first window measured on a "
                  "tier (after its grow or a restart): short intervals run until throughput, "
                  "hit ratio and reads/s stop moving; if they never do, that window is flagged "
                  "cold. A bound under three intervals is a fixed warm-up; 0: none")
      ->default_val(a->warmup);
  cmd->add_option("--warmup-interval", a->warmup_interval,
                  "seconds per warm-up interval (default 5, or --warmup when shorter); longer "
                  "intervals judge low rates (a TAP service's ~10 req/s) more finely");
  cmd->add_option("--mix", a->mix, "CLASS=WEIGHT,... summing to 100; classes: " + QueryClassNames())
      ->default_val(a->mix);
  cmd->add_option("--out", a->out, "directory for sweep.json, windows.csv, plans and logs")
      ->default_val(a->out);
  cmd->add_flag("--keep-logs", a->keep_logs,
                "keep pgbench's per-transaction logs (tx.*) in each window's folder");
  cmd->add_flag("--remeasure-flagged", a->remeasure_flagged,
                "measure again the recorded windows a guard flagged (e.g. a neighbour held the "
                "CPUs), on the tiers the database still holds, and record them in their place");
}

// --target, the TAP service and --profile-service.
void AddTapOptions(CLI::App* cmd, SweepArgs* a) {
  cmd->add_option("--target", a->target,
                  "db: pgbench on the database; tap: closed-loop TAP clients (skyseed tapbench) "
                  "on the service in front of it; both: the two, one after the other, per tier")
      ->default_val(a->target);
  cmd->add_option("--tap-url", a->tap_url,
                  "a running TAP service's base URL (e.g. http://host:8080/tap); without it "
                  "skyseed runs GAVO DaCHS itself for its embedded cluster, as the cluster's "
                  "owner, on a --database named in a-z, 0-9 and _ (DaCHS's own set-up writes "
                  "the name unquoted into SQL): the host's DaCHS, or on a cluster of a "
                  "--pg-stack root the DaCHS installed there, chrooted like the server "
                  "(install-stack-debian13.sh --with-dachs: 2.11)");
  cmd->add_option("--tap-mix", a->tap_mix,
                  "CLASS=WEIGHT,... summing to 100; classes: " + TapClassNames())
      ->default_val(a->tap_mix);
  cmd->add_option("--tap-tables", a->tap_tables,
                  "OBSCORE,SOURCE: the corpus tables as the service names them in ADQL")
      ->default_val(a->tap_tables);
  cmd->add_option("--tap-pid", a->tap_pid,
                  "the --tap-url service's root process on this host, to measure its CPU "
                  "(0: not measured, and tap-cpu cannot be told)")
      ->default_val(a->tap_pid);
  cmd->add_option("--tap-ceiling", a->tap_ceiling,
                  "cores the --tap-url service can use at most, e.g. its worker processes for a "
                  "Python service (0: every core)")
      ->default_val(a->tap_ceiling);
  cmd->add_option("--tap-timeout", a->tap_timeout, "seconds a TAP request may take")
      ->default_val(a->tap_timeout);
  cmd->add_option("--tap-cpus", a->tap_cpus,
                  "CPUs each of skyseed's DaCHS processes may use, as a pod's CPU limit: a cgroup "
                  "with a CFS quota (cpu.max), its throttling recorded per window; e.g. 0.25");
  cmd->add_option("--tap-instances", a->tap_instances,
                  "DaCHS processes serving the one database behind haproxy (replicas), each "
                  "under its own --tap-cpus")
      ->default_val(a->tap_instances);
  cmd->add_option("--tap-pooler", a->tap_pooler,
                  PoolerNames() +
                      " between skyseed's DaCHS and PostgreSQL, to keep server connections "
                      "while DaCHS opens one per request (DaCHS closes each in its transaction: "
                      "pgbouncer then closes the server's too, pgpool rolls back and keeps it)")
      ->default_val(a->tap_pooler);
  cmd->add_option("--dachs-setting", a->dachs_settings,
                  "SECTION.KEY=VALUE for skyseed's DaCHS's gavo.rc (repeatable), e.g. "
                  "async.defaultExecTimeSync=120");
  cmd->add_option("--profile-service", a->profile_service,
                  "[CLIENTS] one more TAP window per tier at CLIENTS (default 8, or the highest "
                  "--clients) with skyseed's DaCHS sampled every 10 ms by py-spy or austin >= 3 "
                  "(scripts/install-stack-debian13.sh): its flamegraph, widest frames and the "
                  "sampler's cost (that window's req/s against the unsampled ones)")
      ->expected(0, 1);
}

constexpr const char* kSweepFooter =
    "A capacity run, step by step:\n"
    "  skyseed sweep                             # ci, S, D1 x 1,8,16,32 clients, 60 s x 3\n"
    "  skyseed sweep --tier ci --clients 1,2 --duration 3 --reps 2 --warmup 1   # a smoke run\n"
    "  skyseed report --out ./report                   # plots against client count and size\n"
    "Each window is recorded as it ends: a killed sweep, run again, measures only what is\n"
    "missing (with --remeasure-flagged, what was flagged too). A window is flagged (and left out "
    "of the means) when pgbench failed, the\n"
    "server restarted, swap grew, disk ran low, a pgbench thread was at its CPU ceiling,\n"
    "the warm-up never settled, or its cache was clearly colder than in the other\n"
    "repetitions (hit ratio lower and reads/s three times theirs, beyond noise).\n"
    "A tier stops adding clients once throughput gains < 10 % while p95 rises > 25 %.\n"
    "Through a TAP service (needs scripts/install-tap-deps.sh for skyseed's own DaCHS):\n"
    "  skyseed sweep --target both --tier ci,S --clients 1,2,4,8   # DaCHS started, measured,\n"
    "                                                 # stopped and unpublished per tier\n"
    "  skyseed sweep --target tap --db CONNINFO --tap-url http://host:8080/tap --tap-pid PID\n"
    "  skyseed sweep --target tap --clients 1,8 --profile-service   # + DaCHS's flamegraph at 8\n"
    "The TAP limit is classified as tap-cpu, database-cpu, database-io, serialisation, client\n"
    "or unknown from /proc per process tree; --target both adds service-share.csv: each\n"
    "class's end-to-end p50 against the database's own for the same class.\n"
    "The records travel: sweep --export carry.json here, grow the same tiers there, then\n"
    "sweep --import carry.json: a sweep there measures only what is missing.";

}  // namespace

void AddSweepCommand(CLI::App& app, CommandRun* run) {
  auto* cmd = app.add_subcommand(
      "sweep",
      "Capacity sweep: for each tier, grow the database to it, then run the real pgbench "
      "at each client count (repeated) and report throughput, p50/p95/p99 latency, errors, "
      "buffer hit ratio, statement rankings, plans and where the tier saturates. One sweep "
      "at a time per database and per embedded cluster: while it runs, another sweep there, a "
      "grow of its database and `server stop` are refused (exit 2).");
  auto a = std::make_shared<SweepArgs>();
  auto carry = std::make_shared<SweepCarryArgs>();
  AddSweepCarryOptions(cmd, carry.get());
  AddWindowOptions(cmd, a.get());
  AddTapOptions(cmd, a.get());
  AddSeedOption(cmd, &a->seed);
  cmd->add_option("--lookups", a->lookups, "distinct IDs the lookups draw from")
      ->default_val(a->lookups);
  cmd->add_option("--cones", a->cones, "distinct cone centres")->default_val(a->cones);
  AddLoadingOptions(cmd, &a->loading);
  cmd->footer(kSweepFooter);
  cmd->callback([=] {
    if (SweepCarryRun(*cmd, *carry, a->loading.conn, run)) return;
    a->mix_given = cmd->count("--mix") > 0;
    a->profile_given = cmd->count("--profile-service") > 0;
    a->tap_given = cmd->count("--tap-url") + cmd->count("--tap-mix") + cmd->count("--tap-pid") +
                       cmd->count("--tap-ceiling") + cmd->count("--tap-tables") +
                       cmd->count("--tap-timeout") + cmd->count("--dachs-setting") +
                       cmd->count("--tap-window") + cmd->count("--tap-cpus") +
                       cmd->count("--tap-instances") + cmd->count("--tap-pooler") >
                   0;
    *run = [=]() -> Status { return RunSweepCommand(*a); };
  });
}

}  // namespace skyseed
