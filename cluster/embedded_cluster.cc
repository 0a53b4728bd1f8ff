#include "cluster/embedded_cluster.h"

#include <filesystem>
#include <optional>

#include "cluster/cluster_database.h"
#include "cluster/cluster_lock.h"
#include "cluster/data_dir.h"
#include "cluster/pg_ctl.h"
#include "cluster/run_as.h"

namespace skyseed {

namespace fs = std::filesystem;

namespace {

// The data directory of an existing skyseed cluster; NotFound for any other.
Result<fs::path> OurDataDir(const std::string& data_dir) {
  SKYSEED_ASSIGN_OR_RETURN(fs::path dir, ResolveDataDir(data_dir));
  SKYSEED_ASSIGN_OR_RETURN(DirKind kind, ClassifyDir(dir));
  if (kind != DirKind::kOurs) return Status::NotFound(NotOursMessage(dir, kind));
  return dir;
}

struct ClusterDir {
  fs::path dir;      // absolute; relocated if the server's user cannot reach the one asked for
  RunAs as;          // who its server runs as
  PgStack stack;     // which PostgreSQL
  std::string note;  // what the user should know: a relocation, a new cluster's stack
};

// The data directory of a skyseed cluster, initialized now if `data_dir` is
// missing or empty, on the stack asked for (or the default).
Result<ClusterDir> OpenOrInitCluster(const std::string& data_dir, const std::string& stack_asked) {
  Result<fs::path> resolved = ResolveDataDir(data_dir);
  if (!resolved.ok()) return resolved.status();
  SKYSEED_ASSIGN_OR_RETURN(DirKind kind, ClassifyDir(*resolved));
  const bool fresh = kind == DirKind::kMissing || kind == DirKind::kEmpty;
  if (!fresh && kind != DirKind::kOurs) {
    return Status::InvalidArgument(NotOursMessage(*resolved, kind));
  }
  SKYSEED_ASSIGN_OR_RETURN(PgStack stack, fresh ? StackForNewCluster(stack_asked)
                                                : StackForCluster(*resolved, stack_asked));
  std::string note;
  SKYSEED_ASSIGN_OR_RETURN(RunAs user, ResolveRunAs(*resolved, !fresh));
  if (kind == DirKind::kMissing && user.switch_user) {
    const fs::path asked = *resolved;
    resolved = RelocateUnreachable(asked, user);
    if (!resolved.ok()) return resolved.status();
    if (*resolved != asked) {
      note = "user " + user.name + " cannot reach " + asked.string() +
             ", so the cluster lives in " + resolved->string() + " (linked)";
    }
  }
  SKYSEED_RETURN_IF_ERROR(CheckReachable(user, *resolved));
  if (fresh) {
    SKYSEED_RETURN_IF_ERROR(PrepareDataDir(*resolved, kind, user));
    // Directories just created under root's umask may still block the way.
    SKYSEED_RETURN_IF_ERROR(CheckReachable(user, *resolved));
    SKYSEED_RETURN_IF_ERROR(RunInitdb(*resolved, user, stack));
    SKYSEED_RETURN_IF_ERROR(WriteMarker(*resolved, user));
    // The stack was chosen now, by default or by --pg-stack: say which, once.
    note += (note.empty() ? "" : "; ") + std::string("made a new cluster in ") +
            resolved->string() + " on " + stack.Describe();
  }
  return ClusterDir{*resolved, user, stack, note};
}

// The settings are rewritten at every start, so that they follow the machine
// and the number of connections of this run.
Status EnsureServerRunning(const fs::path& dir, const ClusterSettings& s, const RunAs& as,
                           const PgStack& stack) {
  if (LivePostmasterPid(dir)) return Status::Ok();
  SKYSEED_RETURN_IF_ERROR(WriteSettings(dir, SettingsConf(s, dir.string()), as));
  return StartServer(dir, as, stack);
}

// Who runs the existing cluster in `dir`'s server, and on which stack.
Status StartExisting(const fs::path& dir) {
  SKYSEED_ASSIGN_OR_RETURN(PgStack stack, StackForCluster(dir, ""));
  SKYSEED_ASSIGN_OR_RETURN(RunAs as, ResolveRunAs(dir, true));
  return StartServer(dir, as, stack);
}

}  // namespace

Result<EmbeddedCluster> StartEmbeddedCluster(const std::string& data_dir, const ClusterSettings& s,
                                             const std::string& dbname,
                                             const std::string& stack_asked) {
  SKYSEED_RETURN_IF_ERROR(CheckDatabaseName(dbname));
  // A path no cluster can be made in is refused before the lock file beside
  // it is created (/dev/null would get /dev/.null.skyseed-lock). A directory
  // that looks foreign while its lock file exists may be another skyseed's
  // initdb half-way (PG_VERSION written, the marker not yet): that is judged
  // again under the lock, once the other process is done.
  SKYSEED_ASSIGN_OR_RETURN(const fs::path resolved, ResolveDataDir(data_dir));
  SKYSEED_ASSIGN_OR_RETURN(const DirKind kind, ClassifyDir(resolved));
  SKYSEED_ASSIGN_OR_RETURN(const fs::path lock_path, ClusterLockPath(data_dir));
  std::error_code ec;
  const bool lock_file_exists = fs::exists(fs::symlink_status(lock_path, ec));
  if (kind == DirKind::kNotDirectory ||
      ((kind == DirKind::kForeignCluster || kind == DirKind::kOther) && !lock_file_exists)) {
    return Status::InvalidArgument(NotOursMessage(resolved, kind));
  }
  // Held until the database exists: initdb, the start and CREATE DATABASE
  // (which fails while another session uses its template) by one process at
  // a time; the others then find the cluster made and the server up.
  SKYSEED_ASSIGN_OR_RETURN(ClusterLock lock, ClusterLock::Acquire(data_dir));
  SKYSEED_ASSIGN_OR_RETURN(ClusterDir cluster, OpenOrInitCluster(data_dir, stack_asked));
  const std::string dir = cluster.dir.string();
  SKYSEED_RETURN_IF_ERROR(EnsureServerRunning(cluster.dir, s, cluster.as, cluster.stack));
  SKYSEED_RETURN_IF_ERROR(EnsureDatabaseWithPgSphere(dir, dbname));
  return EmbeddedCluster{dir, EmbeddedConninfo(dir, dbname), cluster.note,
                         cluster.stack.Describe()};
}

Result<EmbeddedCluster> OpenEmbeddedClusterForReading(const std::string& data_dir,
                                                      const std::string& dbname) {
  SKYSEED_RETURN_IF_ERROR(CheckDatabaseName(dbname));
  Result<fs::path> found = OurDataDir(data_dir);
  if (!found.ok()) {
    const std::string& why = found.status().message();
    if (found.status().code() != Status::Code::kNotFound) return found.status();
    return Status::InvalidArgument(
        why.rfind("no skyseed cluster", 0) == 0 ? why + " (skyseed grow creates one)" : why);
  }
  const fs::path& dir = *found;
  if (!LivePostmasterPid(dir)) {
    SKYSEED_ASSIGN_OR_RETURN(ClusterLock lock, ClusterLock::Acquire(data_dir));
    if (!LivePostmasterPid(dir)) {  // another process may have started it meanwhile
      SKYSEED_RETURN_IF_ERROR(StartExisting(dir));
    }
  }
  SKYSEED_RETURN_IF_ERROR(CheckDatabaseExists(dir.string(), dbname));
  return EmbeddedCluster{dir.string(), EmbeddedConninfo(dir.string(), dbname), "", ""};
}

Result<bool> RestartEmbeddedServerIfDown(const std::string& data_dir, const ClusterSettings& s) {
  SKYSEED_ASSIGN_OR_RETURN(fs::path dir, OurDataDir(data_dir));
  if (LivePostmasterPid(dir)) return false;
  SKYSEED_ASSIGN_OR_RETURN(ClusterLock lock, ClusterLock::Acquire(data_dir));
  // Another grow that lost the same server may have started it meanwhile.
  if (LivePostmasterPid(dir)) return true;
  SKYSEED_ASSIGN_OR_RETURN(PgStack stack, StackForCluster(dir, ""));
  SKYSEED_ASSIGN_OR_RETURN(RunAs as, ResolveRunAs(dir, true));
  SKYSEED_RETURN_IF_ERROR(EnsureServerRunning(dir, s, as, stack));
  return true;
}

Status StopEmbeddedCluster(const std::string& data_dir) {
  SKYSEED_ASSIGN_OR_RETURN(fs::path dir, OurDataDir(data_dir));
  if (!LivePostmasterPid(dir)) return Status::Ok();
  SKYSEED_ASSIGN_OR_RETURN(ClusterLock lock, ClusterLock::Acquire(data_dir));
  SKYSEED_ASSIGN_OR_RETURN(PgStack stack, StackForCluster(dir, ""));
  SKYSEED_ASSIGN_OR_RETURN(RunAs as, ResolveRunAs(dir, true));
  return StopServer(dir, as, stack);
}

Result<ClusterState> EmbeddedClusterState(const std::string& data_dir) {
  SKYSEED_ASSIGN_OR_RETURN(fs::path dir, OurDataDir(data_dir));
  ClusterState state;
  state.exists = true;
  const std::optional<int> pid = LivePostmasterPid(dir);
  state.running = pid.has_value();
  state.pid = pid.value_or(0);
  state.conninfo = EmbeddedConninfo(dir.string(), kEmbeddedDatabase);
  Result<PgStack> stack = StackForCluster(dir, "");
  state.stack = stack.ok() ? stack->Describe() : stack.status().message();
  return state;
}

std::string DescribeClusterState(const ClusterState& state) {
  if (!state.exists) return "absent";
  if (!state.running) return "stopped";
  return "running (pid " + std::to_string(state.pid) + ")";
}

uintmax_t EmbeddedServerLogSize(const std::string& data_dir) {
  Result<fs::path> dir = OurDataDir(data_dir);
  return dir.ok() ? ServerLogSize(*dir) : 0;
}

std::string FullDiskSince(const std::string& data_dir, uintmax_t offset) {
  Result<fs::path> dir = OurDataDir(data_dir);
  if (!dir.ok()) return "";
  const std::string line = FullDiskLineInLog(*dir, offset);
  return line.empty() ? "" : NamingFullDisk(line);
}

}  // namespace skyseed
