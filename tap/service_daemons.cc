#include "tap/service_daemons.h"

#include <filesystem>

#include "common/child_process.h"
#include "common/file_writes.h"
#include "tap/service_host.h"

namespace fs = std::filesystem;

namespace skyseed {
namespace {

Status Prepare(const std::string& folder) {
  std::error_code ec;
  fs::create_directories(folder, ec);
  if (ec) return Status::IoError(folder + ": " + ec.message());
  return Status::Ok();
}

}  // namespace

std::string PgbouncerConnstrValue(const std::string& value) {
  std::string out = "'";
  for (const char c : value) out += c == '\'' ? std::string("''") : std::string(1, c);
  return out + "'";
}

std::string PoolerPidFile(const std::string& folder) {
  return (fs::path(folder) / "pooler.pid").string();
}

namespace {

Result<std::vector<std::string>> PgbouncerConfig(const PoolerSetup& s) {
  const fs::path dir(s.folder);
  // Trust, as the cluster's own socket: the folder is private to the
  // server's user. pgbouncer still wants the roles listed.
  std::string users;
  for (const std::string& role : s.roles) users += "\"" + role + "\" \"\"\n";
  SKYSEED_RETURN_IF_ERROR(WriteFileAtomically(dir / "userlist.txt", users));
  const std::string ini =
      "; written by skyseed sweep --tap-pooler; removed when the sweep ends\n"
      "[databases]\n"
      "* = host=" +
      PgbouncerConnstrValue(s.server.socket_dir) + " port=" + std::to_string(s.server.port) +
      "\n"
      "[pgbouncer]\n"
      "listen_addr =\n"
      "listen_port = " +
      std::to_string(s.server.port) +
      "\n"
      "unix_socket_dir = " +
      s.folder +
      "\n"
      "auth_type = trust\n"
      "auth_file = " +
      (dir / "userlist.txt").string() +
      "\n"
      "pool_mode = session\n"
      "server_reset_query = DISCARD ALL\n"
      "max_client_conn = 1000\n"
      "default_pool_size = 100\n"
      "ignore_startup_parameters = extra_float_digits,options\n"
      "pidfile = " +
      PoolerPidFile(s.folder) +
      "\n"
      "logfile = " +
      (dir / "pooler.log").string() + "\n";
  SKYSEED_RETURN_IF_ERROR(WriteFileAtomically(dir / "pgbouncer.ini", ini));
  return std::vector<std::string>{"pgbouncer", "-d", (dir / "pgbouncer.ini").string()};
}

Result<std::vector<std::string>> PgpoolConfig(const PoolerSetup& s) {
  const fs::path dir(s.folder);
  // Raw mode: one backend, no replication, no health checks; the client's
  // authentication passes through to the cluster's trusted socket.
  const std::string conf =
      "# written by skyseed sweep --tap-pooler; removed when the sweep ends\n"
      "backend_clustering_mode = 'raw'\n"
      "listen_addresses = ''\n"
      "port = " +
      std::to_string(s.server.port) +
      "\n"
      "socket_dir = '" +
      s.folder +
      "'\n"
      "pcp_listen_addresses = ''\n"
      "pcp_socket_dir = '" +
      s.folder +
      "'\n"
      "wd_ipc_socket_dir = '" +
      s.folder +
      "'\n"
      "backend_hostname0 = '" +
      s.server.socket_dir +
      "'\n"
      "backend_port0 = " +
      std::to_string(s.server.port) +
      "\n"
      "backend_flag0 = 'DISALLOW_TO_FAILOVER'\n"
      // A process per client connection (DaCHS keeps about five open per
      // process, and one per request in flight); each caches the server
      // connections of the last two roles it served: at most 64 of the
      // cluster's 100.
      "num_init_children = 32\n"
      "max_pool = 2\n"
      "connection_cache = on\n"
      "reset_query_list = 'ABORT; DISCARD ALL'\n"
      "enable_pool_hba = off\n"
      "load_balance_mode = off\n"
      "health_check_period = 0\n"
      "sr_check_period = 0\n"
      "pid_file_name = '" +
      PoolerPidFile(s.folder) +
      "'\n"
      "logdir = '" +
      s.folder + "'\n";
  SKYSEED_RETURN_IF_ERROR(WriteFileAtomically(dir / "pgpool.conf", conf));
  SKYSEED_RETURN_IF_ERROR(WriteFileAtomically(dir / "pcp.conf", ""));
  return std::vector<std::string>{"pgpool", "-f", (dir / "pgpool.conf").string(), "-F",
                                  (dir / "pcp.conf").string()};
}

}  // namespace

std::string BalancerPidFile(const std::string& folder) {
  return (fs::path(folder) / "haproxy.pid").string();
}

Result<ProcessProof> StartPooler(const PoolerSetup& s) {
  SKYSEED_RETURN_IF_ERROR(Prepare(s.folder));
  SKYSEED_ASSIGN_OR_RETURN(std::vector<std::string> argv,
                           s.kind == PoolerKind::kPgpool ? PgpoolConfig(s) : PgbouncerConfig(s));
  const fs::path log = fs::path(s.folder) / "start.log";
  const uint64_t not_before = BootTicksNow();
  SKYSEED_RETURN_IF_ERROR(RunTool(AsUser(s.user, argv), log.string())
                              .Annotate(std::string("starting ") + PoolerProgram(s.kind)));
  return AwaitProvenPid(PoolerPidFile(s.folder), ServiceUid(s.user), not_before,
                        PoolerProgram(s.kind), log.string());
}

Result<ProcessProof> StartBalancer(const BalancerSetup& s) {
  SKYSEED_RETURN_IF_ERROR(Prepare(s.folder));
  const fs::path dir(s.folder);
  const std::string timeout = std::to_string(static_cast<int>(s.timeout_s) + 5) + "s";
  std::string cfg =
      "# written by skyseed sweep --tap-instances; removed when the sweep ends\n"
      "global\n"
      "  maxconn 2000\n"
      "defaults\n"
      "  mode http\n"
      // A connection per request to the replicas: each request is balanced.
      "  option http-server-close\n"
      "  timeout connect 5s\n"
      "  timeout client " +
      timeout +
      "\n"
      "  timeout server " +
      timeout +
      "\n"
      "frontend tap\n"
      "  bind 127.0.0.1:" +
      std::to_string(s.port) +
      "\n"
      "  default_backend dachs\n"
      "backend dachs\n"
      "  balance roundrobin\n";
  for (size_t i = 0; i < s.backends.size(); ++i) {
    cfg +=
        "  server dachs" + std::to_string(i) + " 127.0.0.1:" + std::to_string(s.backends[i]) + "\n";
  }
  SKYSEED_RETURN_IF_ERROR(WriteFileAtomically(dir / "haproxy.cfg", cfg));
  const uint64_t not_before = BootTicksNow();
  SKYSEED_RETURN_IF_ERROR(
      RunTool(AsUser(s.user, {"haproxy", "-D", "-q", "-p", BalancerPidFile(s.folder), "-f",
                              (dir / "haproxy.cfg").string()}),
              (dir / "start.log").string())
          .Annotate("starting haproxy"));
  return AwaitProvenPid(BalancerPidFile(s.folder), ServiceUid(s.user), not_before, "haproxy",
                        (dir / "start.log").string());
}

}  // namespace skyseed
