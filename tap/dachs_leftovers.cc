#include "tap/dachs_leftovers.h"

#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <thread>
#include <vector>

#include "common/file_reads.h"
#include "common/file_writes.h"

namespace fs = std::filesystem;

namespace skyseed {
namespace {

constexpr const char* kOwnerFile = "skyseed-owner";

bool ProcessRuns(int pid, const char* program) {
  if (pid <= 0 || kill(pid, 0) != 0) return false;
  return ReadWholeFileOrEmpty("/proc/" + std::to_string(pid) + "/cmdline").find(program) !=
         std::string::npos;
}

}  // namespace

bool DachsAlive(int pid) { return ProcessRuns(pid, "dachs"); }

void StopDachsProcess(int pid) {
  if (DachsAlive(pid)) kill(pid, SIGTERM);
  for (int i = 0; i < 100 && DachsAlive(pid); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  if (DachsAlive(pid)) kill(pid, SIGKILL);
}

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
  const int server = std::atoi(ReadWholeFileOrEmpty(root / "state" / "web.pid").c_str());
  StopDachsProcess(server);
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
