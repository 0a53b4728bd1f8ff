#include "tap/dachs_leftovers.h"

#include <signal.h>

#include <filesystem>
#include <sstream>

#include "common/cpu_limit_group.h"
#include "common/file_identity.h"
#include "sweep_record/poolers.h"
#include "tap/service_host.h"

namespace fs = std::filesystem;

namespace skyseed {
namespace {

// libpq reads no password file for this connection (a path that cannot
// exist; /dev/null itself draws a warning): root's ~/.pgpass is for the
// servers root chose, and the cluster's socket is its owner's.
constexpr const char* kNoPassfile = " passfile=/dev/null/none";

// The roles go from the database DaCHS served, or, once that is dropped
// (the roles' objects with it), from the maintenance database.
Status RemoveRolesFrom(const std::string& database, const ClusterConninfo& conninfo) {
  Result<std::unique_ptr<PgConnection>> conn =
      PgConnection::Connect(conninfo(database) + kNoPassfile);
  if (!conn.ok()) conn = PgConnection::Connect(conninfo("postgres") + kNoPassfile);
  if (!conn.ok()) return conn.status();
  return RemoveDachsRoles(**conn);
}

}  // namespace

std::string ServicesRecord::Text() const {
  std::string text =
      "# skyseed sweep: what it started; the next skyseed stops it after a kill -9\n";
  if (!database.empty()) text += "database " + database + "\n";
  for (const auto& [program, proof] : processes)
    text += "process " + program + " " + proof.Text() + "\n";
  for (const std::string& group : cgroups) text += "cgroup " + group + "\n";
  return text;
}

ServicesRecord ServicesRecord::Parse(const std::string& text) {
  ServicesRecord r;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    const size_t space = line.find(' ');
    if (space == std::string::npos) continue;
    const std::string key = line.substr(0, space), rest = line.substr(space + 1);
    if (key == "database") r.database = rest;
    if (key == "cgroup") r.cgroups.push_back(rest);
    const size_t second = rest.find(' ');
    if (key != "process" || second == std::string::npos) continue;
    if (std::optional<ProcessProof> p = ProcessProof::Parse(rest.substr(second + 1))) {
      r.processes.emplace_back(rest.substr(0, second), *p);
    }
  }
  return r;
}

Status RemoveDachsRoles(PgConnection& conn) {
  std::string owned;
  for (const char* role : kDachsRoles) {
    PgResult r;
    SKYSEED_RETURN_IF_ERROR(conn.Query("SELECT 1 FROM pg_roles WHERE rolname = $1", {role}, &r));
    if (r.rows() == 0) continue;
    owned += (owned.empty() ? "" : ", ") + conn.IdentQuoter()(role);
    // A session of the role still open (a stopped DaCHS's pool closing its
    // connections) would hold locks the drop waits on, or make an object
    // between the two drops: each is ended first, waiting up to 5 s.
    SKYSEED_RETURN_IF_ERROR(
        conn.Query("SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity WHERE "
                   "usename = $1 AND pid <> pg_backend_pid()",
                   {role}, &r)
            .Annotate("ending DaCHS's sessions"));
  }
  if (owned.empty()) return Status::Ok();
  // Their schemas (dc, tap_schema, ivoa, uws), their grants on the corpus
  // and on the database, then the roles themselves, all or nothing.
  return conn
      .InTransaction([&]() -> Status {
        SKYSEED_RETURN_IF_ERROR(conn.Exec("DROP OWNED BY " + owned + " CASCADE"));
        return conn.Exec("DROP ROLE " + owned);
      })
      .Annotate("removing DaCHS's objects and roles");
}

int StopSignal(const std::string& program) {
  for (const Pooler& p : Poolers()) {
    if (program == p.program) return p.stop_signal;
  }
  return SIGTERM;
}

Result<std::string> ReapRecorded(PrivateRecord& record, const std::string& data_dir,
                                 const std::string& user, const ClusterConninfo& conninfo) {
  SKYSEED_ASSIGN_OR_RETURN(const std::string text, record.Read());
  const ServicesRecord r = ServicesRecord::Parse(text);
  const fs::path folder = fs::path(data_dir) / kDachsFolder;
  std::error_code ec;
  const bool has_folder = fs::exists(fs::symlink_status(folder, ec));
  if (r.database.empty() && r.processes.empty() && r.cgroups.empty() && !has_folder) {
    return std::string();
  }
  std::string stopped;
  for (const auto& [program, proof] : r.processes) {
    if (StillRuns(proof)) stopped += " " + program;
    StopProven(proof, StopSignal(program));
  }
  for (const std::string& group : r.cgroups) {
    SKYSEED_RETURN_IF_ERROR(EmptyAndRemoveCpuGroup(group));
  }
  if (!r.database.empty()) {
    SKYSEED_RETURN_IF_ERROR(
        RemoveRolesFrom(r.database, conninfo)
            .Annotate("removing the DaCHS a killed sweep left in " + folder.string()));
  }
  {
    // As the folder's owner: whatever that user left in it, links too,
    // leads only where that user could go.
    SKYSEED_ASSIGN_OR_RETURN(const std::unique_ptr<FileIdentity> as, FileIdentity::Become(user));
    fs::remove_all(folder, ec);
  }
  if (ec) return Status::IoError("removing " + folder.string() + ": " + ec.message());
  SKYSEED_RETURN_IF_ERROR(record.Write(""));
  return "stopped and removed the DaCHS a killed skyseed sweep left (" +
         (stopped.empty() ? std::string("no process still ran") : "stopped" + stopped) +
         "): its roles, schemas, cgroups and folder";
}

Result<Reaped> ReapOrphanedDachs(const std::string& data_dir, const ClusterConninfo& conninfo) {
  SKYSEED_ASSIGN_OR_RETURN(const fs::path path, BesideDataDir(data_dir, kSweepRecordSuffix));
  SKYSEED_ASSIGN_OR_RETURN(std::unique_ptr<PrivateRecord> record,
                           PrivateRecord::TryTakeExisting(path));
  Reaped reaped;
  if (record == nullptr) {
    // No record: nothing was started here (a folder alone is removed by the
    // next sweep). Or a live sweep holds it.
    std::error_code ec;
    reaped.sweep_running = fs::exists(fs::symlink_status(path, ec));
    return reaped;
  }
  SKYSEED_ASSIGN_OR_RETURN(reaped.said,
                           ReapRecorded(*record, data_dir, ServiceUser(data_dir), conninfo));
  return reaped;
}

}  // namespace skyseed
