#include "tap/dachs_leftovers.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <vector>

#include "common/cpu_limit_group.h"
#include "common/file_reads.h"
#include "common/file_writes.h"
#include "tap/service_daemons.h"
#include "tap/service_host.h"

namespace fs = std::filesystem;

namespace skyseed {
namespace {

constexpr const char* kOwnerFile = "skyseed-owner";

}  // namespace

bool DachsAlive(int pid) { return ProcessRuns(pid, "dachs"); }

void StopDachsProcess(int pid) { StopProcess(pid, "dachs"); }

Status RemoveDachsRoles(PgConnection& conn) {
  std::string owned;
  for (const char* role : kDachsRoles) {
    PgResult r;
    SKYSEED_RETURN_IF_ERROR(conn.Query("SELECT 1 FROM pg_roles WHERE rolname = $1", {role}, &r));
    if (r.rows() > 0) owned += (owned.empty() ? "" : ", ") + conn.IdentQuoter()(role);
  }
  if (owned.empty()) return Status::Ok();
  // Their schemas (dc, tap_schema, ivoa, uws), their grants on the corpus
  // and on the database, then the roles themselves.
  SKYSEED_RETURN_IF_ERROR(
      conn.Exec("DROP OWNED BY " + owned + " CASCADE").Annotate("removing DaCHS's objects"));
  return conn.Exec("DROP ROLE " + owned).Annotate("removing DaCHS's roles");
}

Status WriteDachsOwner(const std::string& root, const std::string& conninfo,
                       const std::string& fallback_conninfo) {
  return WriteFileAtomically(
      fs::path(root) / kOwnerFile,
      std::to_string(getpid()) + "\n" + conninfo + "\n" + fallback_conninfo + "\n");
}

Result<std::string> ReapOrphanedDachs(const std::string& data_dir) {
  const fs::path root = fs::path(data_dir) / kDachsFolder;
  std::error_code ec;
  if (!fs::is_directory(root, ec)) return std::string();
  std::vector<std::string> lines;
  {
    const std::string owner = ReadWholeFileOrEmpty(root / kOwnerFile);
    for (size_t start = 0, end; (end = owner.find('\n', start)) != std::string::npos;
         start = end + 1) {
      lines.push_back(owner.substr(start, end - start));
    }
  }
  const int owner_pid = lines.empty() ? 0 : std::atoi(lines[0].c_str());
  if (ProcessRuns(owner_pid, "skyseed")) return std::string();  // a sweep still measuring
  // Every DaCHS process (state/, state-1/, ...), haproxy and pgbouncer.
  for (fs::directory_iterator it(root, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->path().filename().string().rfind("state", 0) == 0) {
      StopDachsProcess(std::atoi(ReadWholeFileOrEmpty(it->path() / "web.pid").c_str()));
    }
  }
  StopProcess(RunningPid(BalancerPidFile((root / kBalancerFolder).string()), "haproxy"), "haproxy");
  for (const char* pooler : {"pgbouncer", "pgpool"}) {
    StopProcess(RunningPid(PoolerPidFile((root / kPoolerFolder).string()), pooler), pooler);
  }
  RemoveOrphanedCpuGroups(kTapCpuGroupPrefix);
  // Its database, or, once that is dropped (the roles' objects with it),
  // the cluster's maintenance database, where the roles can still go.
  if (lines.size() >= 3) {
    Result<std::unique_ptr<PgConnection>> conn = PgConnection::Connect(lines[1]);
    if (!conn.ok()) conn = PgConnection::Connect(lines[2]);
    if (!conn.ok()) return conn.status();
    SKYSEED_RETURN_IF_ERROR(RemoveDachsRoles(**conn).Annotate(
        "removing the DaCHS a killed sweep left (" + root.string() + ")"));
  }
  fs::remove_all(root, ec);
  if (ec) return Status::IoError("removing " + root.string() + ": " + ec.message());
  return "stopped and removed the DaCHS a killed skyseed sweep left (pid " +
         std::to_string(owner_pid) + "): its server, roles, schemas and folder";
}

}  // namespace skyseed
