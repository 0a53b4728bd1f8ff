// `skyseed grow`, `load`, `init`, `verify`, `status` and `schema`.
#include <cstdio>
#include <memory>
#include <thread>

#include "app/commands.h"
#include "app/connection_options.h"
#include "app/loading_options.h"
#include "app/seed_option.h"
#include "app/status_report.h"
#include "cluster/embedded_cluster.h"
#include "common/shell_quote.h"
#include "common/user_values.h"
#include "console/console_narrator.h"
#include "grow/corpus_load.h"
#include "grow/grow.h"
#include "schema/corpus_schema.h"
#include "schema/manifest_schema.h"
#include "tiers/tier_spec.h"
#include "verify/verify.h"

namespace skyseed {
namespace {

void PrintPsqlHint(const ConnectionOptions& c, const std::string& conninfo) {
  if (!UsesEmbeddedCluster(c)) return;
  std::printf("connect with: psql %s\n", ShellQuoted(conninfo).c_str());
}

// Roles live in a server: one skyseed has yet to create holds none a
// --grant could name (DaCHS's gavoadmin is in DaCHS's server), so say so
// before creating it.
Status CheckGrantServer(const ConnectionOptions& c, const GrowPlan& o) {
  if (o.grant_roles.empty() || !UsesEmbeddedCluster(c)) return Status::Ok();
  SKYSEED_ASSIGN_OR_RETURN(bool exists, EmbeddedClusterExists(c));
  if (exists) return Status::Ok();
  return Status::InvalidArgument(
      "--grant " + o.grant_roles.front() + ": there is no embedded cluster in " + c.data_dir +
      " yet, so no such role either; grow into the server that has the role with --db (for "
      "DaCHS: its database, see docs/tap.md, \"Serve it with DaCHS\")");
}

// Connects (starting the embedded cluster if it is the one), grows, and
// says how to connect to the embedded cluster.
// `files`, when given, are loaded instead of generated rows (skyseed load).
Status ConnectAndGrow(const LoadingArgs& a, const GrowPlan& plan,
                      const CorpusFileSet* files = nullptr) {
  SKYSEED_RETURN_IF_ERROR(CheckGrantServer(a.conn, plan));
  Result<std::string> conninfo = ResolveConninfo(a.conn, plan.jobs);
  if (!conninfo.ok()) return conninfo.status();
  GrowRun run;
  run.conninfo = *conninfo;
  run.restart_server = EmbeddedServerRestarter(a.conn, plan.jobs);
  run.files = files;
  run.narrator = &ConsoleNarrator();
  const bool embedded = UsesEmbeddedCluster(a.conn);
  const uintmax_t log_start = embedded ? EmbeddedServerLogSize(a.conn.data_dir) : 0;
  const Status grown = Grow(plan, run);
  if (!grown.ok()) {
    // A server that PANICked on a full disk only dropped the connection.
    const std::string full = embedded ? FullDiskSince(a.conn.data_dir, log_start) : "";
    if (full.empty() || grown.message().find("disk is full") != std::string::npos) return grown;
    return Status::Database(grown.message() + "; " + full);
  }
  PrintPsqlHint(a.conn, run.conninfo);
  return Status::Ok();
}

struct GrowArgs {
  std::string tiers, target_size, seed = kDefaultSeedText,
                                  chunk_rows = DefaultText(GrowPlan{}.chunk_rows), shard;
  bool verify = false;
  LoadingArgs loading;
};

// Every grow option, before anything is touched.
Status ParseGrowArgs(const GrowArgs& a, GrowPlan* out) {
  GrowPlan& o = *out;
  if (a.tiers.empty() == a.target_size.empty()) {
    return Status::InvalidArgument("grow needs exactly one of --tier or --target-size");
  }
  if (!a.tiers.empty()) {
    SKYSEED_ASSIGN_OR_RETURN(std::vector<TierSpec> t, ParseTierList(a.tiers));
    o.tiers = t;
  } else {
    SKYSEED_ASSIGN_OR_RETURN(uint64_t size, ParseSize(a.target_size));
    o.target_size = size;
    o.target_name = "size-" + a.target_size;
  }
  Result<uint64_t> seed = ParseSeed(a.seed);
  if (!seed.ok()) return seed.status();
  o.seed = *seed;
  SKYSEED_RETURN_IF_ERROR(ParseLoadingOptions(a.loading, &o));
  o.verify = a.verify;
  SKYSEED_ASSIGN_OR_RETURN(uint64_t chunk,
                           ParseCount(a.chunk_rows, "--chunk-rows", 100, 10'000'000));
  o.chunk_rows = chunk;
  if (!a.shard.empty()) {
    Result<std::pair<int, int>> shard = ParseShard(a.shard);
    if (!shard.ok()) return shard.status();
    o.shard = shard->first;
    o.shards = shard->second;
  }
  return CheckGrowChoices(o);
}

}  // namespace

void AddGrowCommand(CLI::App& app, CommandRun* run) {
  auto* cmd = app.add_subcommand(
      "grow",
      "Grow one PostgreSQL database to a tier (or through a list of tiers) by binary "
      "COPY, build the pg_sphere GiST indexes, and record size and corpus digest.");

  auto a = std::make_shared<GrowArgs>();
  auto* tier_opt = cmd->add_option("--tier", a->tiers, "tier, or a growing list such as S,D1,D2");
  cmd->add_option("--target-size", a->target_size,
                  "instead of --tier: grow until pg_database_size() reaches this (e.g. 10GiB)")
      ->excludes(tier_opt);
  AddSeedOption(cmd, &a->seed);
  cmd->add_option("--chunk-rows", a->chunk_rows, "rows per chunk = per COPY transaction")
      ->default_val(a->chunk_rows);
  cmd->add_option("--shard", a->shard,
                  "K/N: load only shard K of N of the chunks, so N processes (on one host or "
                  "many) grow one server together; the last to finish builds the indexes and "
                  "records the tier");
  cmd->add_flag("--verify", a->verify,
                "before loading, re-read every row already in the database and compare it with "
                "the generator; refuse (exit 1) on any difference. Without it, grow only counts "
                "the rows in each chunk the ledger lists: a deleted, duplicated or stray row is "
                "refused, a changed value is not");
  AddLoadingOptions(cmd, &a->loading);
  cmd->footer(
      "Examples:\n  skyseed grow --tier ci                 # embedded cluster in ./skyseed-data\n"
      "  skyseed grow --tier S,D1 --db 'host=db1 dbname=sky'\n"
      "  skyseed grow --target-size 10GiB\n"
      "  skyseed grow --tier D2 --shard 1/3 & skyseed grow --tier D2 --shard 2/3 & ...\n"
      "A killed grow resumes from its chunk ledger when run again.");
  cmd->callback([=] {
    *run = [=]() -> Status {
      GrowPlan o;
      SKYSEED_RETURN_IF_ERROR(ParseGrowArgs(*a, &o));
      return ConnectAndGrow(a->loading, o);
    };
  });
}

void AddLoadCommand(CLI::App& app, CommandRun* run) {
  auto* cmd = app.add_subcommand(
      "load",
      "Load a corpus written by skyseed generate into a database, chunk by chunk "
      "through the same ledger as grow, then build the indexes and record the tier. "
      "Each file is checked before its COPY: framing, its digest in manifest.json, and "
      "its rows against the generator; a damaged or foreign file is never loaded.");
  struct Args {
    std::string from;
    LoadingArgs loading;
  };
  auto a = std::make_shared<Args>();
  cmd->add_option("--from", a->from, "directory written by skyseed generate")->required();
  AddLoadingOptions(cmd, &a->loading);
  cmd->footer(
      "Example:\n  skyseed generate --tier S --out corpus-S && skyseed load --from corpus-S "
      "--db 'host=db1 dbname=sky'\nA killed load resumes from its chunk ledger.");
  cmd->callback([=] {
    *run = [=]() -> Status {
      Result<CorpusFileSet> files = CorpusFileSet::Open(a->from);
      if (!files.ok()) return files.status().Annotate("--from " + a->from);
      GrowPlan o;
      o.seed = files->manifest().seed;
      o.tiers = {files->tier()};
      SKYSEED_RETURN_IF_ERROR(ParseLoadingOptions(a->loading, &o));
      return ConnectAndGrow(a->loading, o, &*files);
    };
  });
}

void AddInitCommand(CLI::App& app, CommandRun* run) {
  auto* cmd = app.add_subcommand(
      "init",
      "Create pg_sphere, the corpus tables and the skyseed manifest for a seed, loading "
      "nothing (for instance before distributing the tables with Citus).");
  auto seed = std::make_shared<std::string>(kDefaultSeedText);
  auto names = std::make_shared<std::string>();
  auto conn = std::make_shared<ConnectionOptions>();
  AddSeedOption(cmd, seed.get());
  AddStandardNamesOption(cmd, names.get());
  AddConnectionOptions(cmd, conn.get());
  cmd->callback([=] {
    *run = [=]() -> Status {
      GrowPlan o;
      SKYSEED_ASSIGN_OR_RETURN(uint64_t s, ParseSeed(*seed));
      o.seed = s;
      SKYSEED_ASSIGN_OR_RETURN(o.standard_names, ParseStandardNames(*names));
      GrowRun run;
      run.narrator = &ConsoleNarrator();  // what it repaired or changed on an existing corpus
      Result<std::string> conninfo = ResolveConninfo(*conn, 1);
      if (!conninfo.ok()) return conninfo.status();
      run.conninfo = *conninfo;
      SKYSEED_RETURN_IF_ERROR(InitCorpus(o, run));
      std::printf("corpus of seed %llu ready; no rows loaded\n",
                  static_cast<unsigned long long>(o.seed));
      return Status::Ok();
    };
  });
}

void AddVerifyCommand(CLI::App& app, CommandRun* run) {
  auto* cmd = app.add_subcommand(
      "verify",
      "Read every corpus table back, recompute its digests and compare them with the "
      "ledger, the tier records and the generator, and the indexes with their declarations. "
      "Exit 0 on a match, 1 otherwise, 2 for a database that holds no skyseed corpus.");
  auto conn = std::make_shared<ConnectionOptions>();
  auto jobs = std::make_shared<std::string>();
  cmd->add_option("--jobs", *jobs, "parallel read-back connections (default: cores)");
  AddConnectionOptions(cmd, conn.get());
  cmd->callback([=] {
    *run = [=]() -> Status {
      SKYSEED_ASSIGN_OR_RETURN(int j, ParseJobs(*jobs));
      SKYSEED_ASSIGN_OR_RETURN(std::string conninfo, ResolveReadOnlyConninfo(*conn));
      SKYSEED_ASSIGN_OR_RETURN(VerifyReport r, Verify({conninfo, j}));
      for (const std::string& line : r.names) std::printf("%s\n", line.c_str());
      std::fflush(stdout);
      const std::string text = FormatVerifyReport(r);
      if (r.ok()) {
        std::printf("%s\n", text.c_str());
        return Status::Ok();
      }
      return Status::Mismatch(text);
    };
  });
}

void AddStatusCommand(CLI::App& app, CommandRun* run) {
  auto* cmd = app.add_subcommand("status",
                                 "Show the tiers a database reached: rows, sizes, "
                                 "digests, time per phase; the ledger and any set-aside index; "
                                 "each table's stored order; rows loaded past the last recorded "
                                 "tier (a partial step covers a stretch of the sky, not the sky: "
                                 "grow to the next tier to complete it); the tier the tables hold "
                                 "(held_tier in --json): the recorded tier the chunk ledger sums "
                                 "to, as a sweep decides it, none after a grow cut short.");
  auto conn = std::make_shared<ConnectionOptions>();
  auto json = std::make_shared<bool>(false);
  cmd->add_flag("--json", *json, "print JSON instead of text");
  AddConnectionOptions(cmd, conn.get());
  cmd->callback([=] {
    *run = [=]() -> Status {
      SKYSEED_ASSIGN_OR_RETURN(std::string conninfo, ResolveReadOnlyConninfo(*conn));
      return PrintStatus(conninfo, *json);
    };
  });
}

void AddSchemaCommand(CLI::App& app, CommandRun* run) {
  auto* cmd = app.add_subcommand("schema",
                                 "Print the corpus DDL: tables, views, indexes and the "
                                 "skyseed manifest schema.");
  cmd->callback([=] {
    *run = []() -> Status {
      const QuoteFn q = QuoteIdentifierOffline;
      for (const ExtensionDef& e : CorpusExtensions()) {
        std::printf("CREATE EXTENSION IF NOT EXISTS %s;\n", q(e.name).c_str());
      }
      std::printf("%s%s%s", CorpusTablesDdl(q).c_str(), StandardViewsDdl(q).c_str(),
                  ManifestDdl(q).c_str());
      for (const IndexDef& i : CorpusIndexes(q)) std::printf("%s;\n", i.create_sql.c_str());
      return Status::Ok();
    };
  });
}

}  // namespace skyseed
