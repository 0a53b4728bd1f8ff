// `skyseed sweep`: a capacity sweep across tiers and client counts with the
// real pgbench, recorded in the database and written as JSON and CSV.
#include <cstdio>
#include <memory>

#include "app/commands.h"
#include "app/console_narrator.h"
#include "app/loading_options.h"
#include "app/seed_option.h"
#include "app/user_values.h"
#include "grow/grow.h"
#include "loader/output_files.h"
#include "loader/pg_connection.h"
#include "sweep/sweep.h"
#include "workload/child_connection.h"

namespace skyseed {
namespace {

struct SweepArgs {
  std::string tiers = "ci,S,D1", clients = "1,8,16,32", duration = "60", reps = "3", warmup = "10",
              mix = MixText(DefaultSweepMix()), out = "skyseed-sweep", seed = kDefaultSeed,
              lookups = "10000", cones = "2000";
  bool keep_logs = false;
  LoadingArgs loading;
};

Result<int> ParseInt(const std::string& text, const char* what, uint64_t min, uint64_t max) {
  SKYSEED_ASSIGN_OR_RETURN(uint64_t v, ParseCount(text, what, min, max));
  return static_cast<int>(v);
}

// Every option, before anything is touched.
Status ParseSweepOptions(const SweepArgs& a, SweepOptions* o) {
  Result<std::vector<TierSpec>> tiers = ParseTierList(a.tiers);
  if (!tiers.ok()) return tiers.status();
  o->grow.tiers = *tiers;
  Result<std::vector<int>> clients = ParseClientList(a.clients);
  if (!clients.ok()) return clients.status();
  o->clients = *clients;
  SKYSEED_ASSIGN_OR_RETURN(int duration, ParseInt(a.duration, "--duration", 1, 86'400));
  o->duration_s = duration;
  Result<int> reps = ParseInt(a.reps, "--reps", 1, 100);
  if (!reps.ok()) return reps.status();
  o->reps = *reps;
  SKYSEED_ASSIGN_OR_RETURN(int warmup, ParseInt(a.warmup, "--warmup", 0, 86'400));
  o->warmup_s = warmup;
  Result<std::vector<MixClass>> mix = ParseMix(a.mix);
  if (!mix.ok()) return mix.status();
  o->mix = *mix;
  Result<uint64_t> seed = ParseSeed(a.seed);
  if (!seed.ok()) return seed.status();
  o->grow.seed = o->workload.seed = *seed;
  Result<int> lookups = ParseInt(a.lookups, "--lookups", 1, 10'000'000);
  if (!lookups.ok()) return lookups.status();
  o->workload.lookups = static_cast<uint32_t>(*lookups);
  Result<int> cones = ParseInt(a.cones, "--cones", 1, 10'000'000);
  if (!cones.ok()) return cones.status();
  o->workload.cones = static_cast<uint32_t>(*cones);
  if (a.out.empty()) return Status::InvalidArgument("--out must not be empty");
  o->out_dir = a.out;
  o->keep_logs = a.keep_logs;
  return ParseLoadingOptions(a.loading, &o->grow);
}

Status RunSweepCommand(const SweepArgs& a) {
  SweepOptions o;
  SKYSEED_RETURN_IF_ERROR(ParseSweepOptions(a, &o));
  // Before the server: an unusable --out must not cost a cluster's initdb;
  // but --out is made only once the connection's checks have passed too.
  const Status usable = CheckOutputDirCreatable(o.out_dir);
  if (!usable.ok()) return Status::InvalidArgument("--out " + usable.message());
  Result<std::string> conninfo = ResolveConninfo(a.loading.conn, o.grow.jobs);
  if (!conninfo.ok()) return conninfo.status();
  // psql and pgbench must be able to get it without a password on argv.
  SKYSEED_RETURN_IF_ERROR(WithoutPassword(*conninfo).status());
  {
    SKYSEED_ASSIGN_OR_RETURN(std::unique_ptr<PgConnection> conn, PgConnection::Connect(*conninfo));
    SKYSEED_RETURN_IF_ERROR(CheckGrowOnServer(*conn, o.grow));
  }
  const Status out_dir = PrepareOutputDir(o.out_dir);
  if (!out_dir.ok()) return Status::InvalidArgument("--out " + out_dir.message());
  o.conninfo = *conninfo;
  o.narrator = &ConsoleNarrator();
  if (UsesEmbeddedCluster(a.loading.conn)) o.data_dir = a.loading.conn.data_dir;
  std::printf("sweep: tiers %s, clients %s, %d s x %d reps after %d s warm-up, mix %s, out %s\n",
              a.tiers.c_str(), a.clients.c_str(), o.duration_s, o.reps, o.warmup_s,
              MixText(o.mix).c_str(), o.out_dir.c_str());
  std::fflush(stdout);
  SKYSEED_ASSIGN_OR_RETURN(SweepRecord r, RunSweep(o));
  std::printf("sweep recorded in the database and in %s/sweep.json, %s/windows.csv\n",
              o.out_dir.c_str(), o.out_dir.c_str());
  return Status::Ok();
}

}  // namespace

void AddSweepCommand(CLI::App& app, CommandRun* run) {
  auto* cmd = app.add_subcommand(
      "sweep",
      "Capacity sweep: for each tier, grow the database to it, then run the real pgbench "
      "at each client count (repeated) and report throughput, p50/p95/p99 latency, errors, "
      "buffer hit ratio, statement rankings, plans and where the tier saturates.");
  auto a = std::make_shared<SweepArgs>();
  cmd->add_option("--tier", a->tiers, "growing list of tiers, each grown before it is measured")
      ->default_val(a->tiers);
  cmd->add_option("--clients", a->clients, "growing list of pgbench client counts")
      ->default_val(a->clients);
  cmd->add_option("--duration", a->duration, "seconds per measurement window")
      ->default_val(a->duration);
  cmd->add_option("--reps", a->reps, "windows per client count (95 % Student-t intervals)")
      ->default_val(a->reps);
  cmd->add_option("--warmup", a->warmup, "seconds of load before a tier's first window")
      ->default_val(a->warmup);
  cmd->add_option("--mix", a->mix, "CLASS=WEIGHT,... summing to 100; classes: " + QueryClassNames())
      ->default_val(a->mix);
  cmd->add_option("--out", a->out, "directory for sweep.json, windows.csv, plans and logs")
      ->default_val(a->out);
  cmd->add_flag("--keep-logs", a->keep_logs,
                "keep pgbench's per-transaction logs (tx.*) in each window's folder");
  AddSeedOption(cmd, &a->seed);
  cmd->add_option("--lookups", a->lookups, "distinct IDs the lookups draw from")
      ->default_val(a->lookups);
  cmd->add_option("--cones", a->cones, "distinct cone centres")->default_val(a->cones);
  AddLoadingOptions(cmd, &a->loading);
  cmd->footer(
      "A capacity run, step by step:\n"
      "  skyseed sweep                                   # ci, S, D1 x 1,8,16,32 clients, 60 s x "
      "3\n"
      "  skyseed sweep --tier ci --clients 1,2 --duration 3 --reps 2 --warmup 1   # a smoke run\n"
      "  skyseed report --out ./report                   # plots against client count and size\n"
      "Each window is recorded as it ends: a killed sweep, run again, measures only what is\n"
      "missing. A window is flagged (and left out of the means) when pgbench failed, the\n"
      "server restarted, swap grew, disk ran low or a pgbench thread was at its CPU ceiling.\n"
      "A tier stops adding clients once throughput gains < 10 % while p95 rises > 25 %.");
  cmd->callback([=] { *run = [=]() -> Status { return RunSweepCommand(*a); }; });
}

}  // namespace skyseed
