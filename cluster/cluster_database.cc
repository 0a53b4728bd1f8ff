#include "cluster/cluster_database.h"

#include <chrono>
#include <memory>
#include <thread>

#include "cluster/cluster_settings.h"
#include "loader/pg_connection.h"

namespace skyseed {
namespace {

constexpr size_t kMaxNameBytes = 63;  // NAMEDATALEN - 1
constexpr char kDuplicateDatabase[] = "42P04";
constexpr char kUniqueViolation[] = "23505";

// A server that was already running may still be starting up.
Result<std::unique_ptr<PgConnection>> ConnectWhenReady(const std::string& abs_data_dir,
                                                       const std::string& dbname) {
  const std::string conninfo = EmbeddedConninfo(abs_data_dir, dbname);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (ServerRejectsConnections(conninfo) && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  Result<std::unique_ptr<PgConnection>> conn = PgConnection::Connect(conninfo);
  if (!conn.ok()) return conn.status().Annotate("the embedded server");
  return conn;
}

Result<bool> DatabaseExists(PgConnection& conn, const std::string& dbname) {
  PgResult found;
  Status looked = conn.Query("SELECT 1 FROM pg_database WHERE datname = $1", {dbname}, &found);
  if (!looked.ok()) return looked.Annotate("looking up database " + dbname);
  return found.rows() > 0;
}

Status EnsureDatabase(const std::string& abs_data_dir, const std::string& dbname) {
  SKYSEED_ASSIGN_OR_RETURN(std::unique_ptr<PgConnection> conn,
                           ConnectWhenReady(abs_data_dir, "postgres"));
  SKYSEED_ASSIGN_OR_RETURN(bool exists, DatabaseExists(*conn, dbname));
  if (exists) return Status::Ok();
  // QuoteIdent gives "" (no name at all) when libpq cannot quote one.
  const std::string quoted = (conn)->QuoteIdent(dbname);
  if (quoted == "\"\"") {
    return Status::InvalidArgument("database name " + dbname + " cannot be quoted");
  }
  return (conn)->ExecTolerating("CREATE DATABASE " + quoted, kDuplicateDatabase);
}

}  // namespace

Status CheckDatabaseName(const std::string& dbname) {
  if (dbname.empty() || dbname.size() > kMaxNameBytes) {
    return Status::InvalidArgument("database name must be 1 to " + std::to_string(kMaxNameBytes) +
                                   " bytes");
  }
  return Status::Ok();
}

Status CheckDatabaseExists(const std::string& abs_data_dir, const std::string& dbname) {
  SKYSEED_ASSIGN_OR_RETURN(std::unique_ptr<PgConnection> conn,
                           ConnectWhenReady(abs_data_dir, "postgres"));
  SKYSEED_ASSIGN_OR_RETURN(bool exists, DatabaseExists(*conn, dbname));
  if (exists) return Status::Ok();
  return Status::InvalidArgument("the embedded cluster in " + abs_data_dir + " has no database \"" +
                                 dbname +
                                 "\" (skyseed grow --database NAME creates one; this command "
                                 "only reads)");
}

Status EnsureDatabaseWithPgSphere(const std::string& abs_data_dir, const std::string& dbname) {
  SKYSEED_RETURN_IF_ERROR(EnsureDatabase(abs_data_dir, dbname));
  SKYSEED_ASSIGN_OR_RETURN(std::unique_ptr<PgConnection> conn,
                           ConnectWhenReady(abs_data_dir, dbname));
  // A racing creator of the extension wins with a unique violation.
  for (const char* name : {"pg_sphere", "q3c"}) {
    const Status ext = (conn)->ExecTolerating(std::string("CREATE EXTENSION IF NOT EXISTS ") + name,
                                              kUniqueViolation);
    if (!ext.ok()) return ext.Annotate(std::string(name) + " in the embedded cluster");
  }
  return Status::Ok();
}

}  // namespace skyseed
