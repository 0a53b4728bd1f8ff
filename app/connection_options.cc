#include "app/connection_options.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "cluster/cluster_database.h"
#include "cluster/cluster_settings.h"
#include "cluster/data_dir.h"
#include "cluster/embedded_cluster.h"
#include "console/console_narrator.h"
#include "loader/pg_connection.h"
#include "tap/dachs_leftovers.h"
#include "tap/service_host.h"

namespace skyseed {

void AddConnectionOptions(CLI::App* cmd, ConnectionOptions* o) {
  auto* db = cmd->add_option(
      "--db", o->db,
      "libpq connection string or URI of the server to use, e.g. "
      "'host=db1 dbname=sky user=loader' (default: PG* variables, else the embedded "
      "cluster)");
  // An empty --db would silently mean "the PG* variables, or the embedded
  // cluster here": say so instead.
  db->check(
      [](const std::string& v) {
        if (v.empty()) {
          return std::string(
              "must not be empty (leave --db out for the PG* variables or the embedded "
              "cluster)");
        }
        const Status parsed = CheckConninfo(v);
        return parsed.ok() ? std::string() : parsed.message();
      },
      "CONNINFO");
  cmd->add_option("--data-dir", o->data_dir,
                  "folder of skyseed's own embedded PostgreSQL cluster, used when neither --db "
                  "nor PG* variables are given")
      ->default_val(kDefaultDataDir);
  cmd->add_option("--database", o->database,
                  "database of the embedded cluster, created if missing by the commands that write "
                  "(never by status, verify, report), so one cluster can hold several corpora "
                  "side by side (with --db, name it in the conninfo instead)")
      ->default_val(kEmbeddedDatabase)
      ->excludes(db);
  AddPgStackOption(cmd, &o->pg_stack)->excludes(db);
}

CLI::Option* AddPgStackOption(CLI::App* cmd, std::string* stack) {
  return cmd
      ->add_option("--pg-stack", *stack,
                   "which PostgreSQL a new embedded cluster runs on: 'host' (the newest installed "
                   "with pg_sphere; the default) or a root made by scripts/install-stack-NAME.sh, "
                   "e.g. 'debian13' (PostgreSQL 17 + pg_sphere 1.5); an existing cluster keeps "
                   "its own (docs/growing.md \"Two generations of the stack\")")
      ->check(
          [](const std::string& v) {
            // A folder name under the stacks folder, never a path.
            const bool ok = !v.empty() && v.find_first_not_of(
                                              "abcdefghijklmnopqrstuvwxyz"
                                              "0123456789-") == std::string::npos;
            return ok ? std::string()
                      : std::string(
                            "must be 'host' or a stack's name (lower-case letters, digits, "
                            "'-')");
          },
          "NAME");
}

bool UsesEmbeddedCluster(const ConnectionOptions& o) {
  if (!o.db.empty()) return false;
  for (const char* v : {"PGHOST", "PGHOSTADDR", "PGPORT", "PGDATABASE", "PGSERVICE", "PGUSER"}) {
    const char* value = std::getenv(v);
    if (value && *value) return false;
  }
  return true;
}

Status NamingDataDirOption(const Status& s) {
  return IsDataDirError(s) ? s.Annotate("--data-dir") : s;
}

ClusterConninfo EmbeddedConninfoOf(const std::string& data_dir) {
  const std::string abs = AbsoluteDataDir(data_dir);
  return [abs](const std::string& dbname) { return EmbeddedConninfo(abs, dbname); };
}

Status SayReaped(const std::string& data_dir, bool refuse_while_sweeping) {
  SKYSEED_ASSIGN_OR_RETURN(const Reaped reaped,
                           ReapOrphanedDachs(data_dir, EmbeddedConninfoOf(data_dir)));
  if (reaped.sweep_running && refuse_while_sweeping) {
    return Status::InvalidArgument(
        "a skyseed sweep is running on the cluster in " + data_dir +
        ": stop it first (Ctrl-C, or kill -TERM), or wait for it to finish; stopping the server "
        "under it would leave its DaCHS's roles and schemas behind");
  }
  if (!reaped.said.empty()) ConsoleNarrator().Note("skyseed: " + reaped.said);
  return Status::Ok();
}

Status SayReaped(const std::string& data_dir, PrivateRecord* held) {
  SKYSEED_ASSIGN_OR_RETURN(
      const std::string said,
      ReapRecorded(*held, data_dir, ServiceUser(data_dir), EmbeddedConninfoOf(data_dir)));
  if (!said.empty()) ConsoleNarrator().Note("skyseed: " + said);
  return Status::Ok();
}

Result<std::string> ResolveConninfo(const ConnectionOptions& o, int jobs) {
  if (!o.db.empty()) return o.db;
  if (!UsesEmbeddedCluster(o)) return std::string();  // libpq reads the PG* variables
  // Checked here too, before StartEmbeddedCluster does, to name the option.
  const Status name = CheckDatabaseName(o.database);
  if (!name.ok()) return name.Annotate("--database");
  Result<EmbeddedCluster> cluster =
      StartEmbeddedCluster(o.data_dir, DetectMachine(jobs), o.database, o.pg_stack);
  if (!cluster.ok()) return NamingDataDirOption(cluster.status());
  if (!cluster->note.empty()) ConsoleNarrator().Note("skyseed: " + cluster->note);
  SKYSEED_RETURN_IF_ERROR(SayReaped(cluster->data_dir));
  return cluster->conninfo;
}

Result<std::string> ResolveReadOnlyConninfo(const ConnectionOptions& o) {
  if (!o.db.empty()) return o.db;
  if (!UsesEmbeddedCluster(o)) return std::string();
  const Status name = CheckDatabaseName(o.database);
  if (!name.ok()) return name.Annotate("--database");
  Result<EmbeddedCluster> cluster = OpenEmbeddedClusterForReading(o.data_dir, o.database);
  if (!cluster.ok()) return NamingDataDirOption(cluster.status());
  return cluster->conninfo;
}

Result<bool> EmbeddedClusterExists(const ConnectionOptions& o) {
  Result<std::filesystem::path> dir = ResolveDataDir(o.data_dir);
  if (!dir.ok()) return NamingDataDirOption(dir.status());
  SKYSEED_ASSIGN_OR_RETURN(DirKind kind, ClassifyDir(*dir));
  return kind == DirKind::kOurs;
}

std::function<Result<bool>()> EmbeddedServerRestarter(const ConnectionOptions& o, int jobs) {
  if (!UsesEmbeddedCluster(o)) return nullptr;
  const std::string data_dir = o.data_dir;
  return [data_dir, jobs]() { return RestartEmbeddedServerIfDown(data_dir, DetectMachine(jobs)); };
}

}  // namespace skyseed
