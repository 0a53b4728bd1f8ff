#include "app/connection_options.h"

#include <cstdio>
#include <cstdlib>

#include "app/console_narrator.h"
#include "cluster/cluster_database.h"
#include "cluster/data_dir.h"
#include "cluster/embedded_cluster.h"

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
        return v.empty() ? std::string(
                               "must not be empty (leave --db out for the PG* variables "
                               "or the embedded cluster)")
                         : std::string();
      },
      "CONNINFO");
  cmd->add_option("--data-dir", o->data_dir,
                  "folder of skyseed's own embedded PostgreSQL cluster, used when neither --db "
                  "nor PG* variables are given")
      ->default_val("./skyseed-data");
  cmd->add_option("--database", o->database,
                  "database of the embedded cluster, created if missing, so one cluster can hold "
                  "several corpora side by side (with --db, name it in the conninfo instead)")
      ->default_val(kEmbeddedDatabase)
      ->excludes(db);
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

Result<std::string> ResolveConninfo(const ConnectionOptions& o, int jobs) {
  if (!o.db.empty()) return o.db;
  if (!UsesEmbeddedCluster(o)) return std::string();  // libpq reads the PG* variables
  // Checked here too, before StartEmbeddedCluster does, to name the option.
  const Status name = CheckDatabaseName(o.database);
  if (!name.ok()) return name.Annotate("--database");
  Result<EmbeddedCluster> cluster =
      StartEmbeddedCluster(o.data_dir, DetectMachine(jobs), o.database);
  if (!cluster.ok()) return NamingDataDirOption(cluster.status());
  if (!cluster->note.empty()) ConsoleNarrator().Note("skyseed: " + cluster->note);
  return cluster->conninfo;
}

}  // namespace skyseed
