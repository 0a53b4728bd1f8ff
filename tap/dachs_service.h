// GAVO DaCHS run by skyseed for a TAP sweep on its embedded cluster (Start
// refuses without the sweep's record, which only that cluster has), as
// skyseed runs PostgreSQL itself: its processes run as the cluster's owner,
// a private configuration in a folder under the cluster's data directory,
// the corpus published with the RD `skyseed dachs-rd` writes, served on
// loopback ports only. Start first reaps what a killed sweep's DaCHS left
// (tap/dachs_leftovers.h). Stopping it stops its processes and the servers
// around them, removes their CPU groups, DaCHS's roles with their schemas
// and grants (DROP OWNED), and the folder, leaving the database as
// `skyseed verify` expects it. Served the way the users' services run, on
// request: several DaCHS processes behind haproxy (`instances`), each under
// a CPU limit like a pod's (`cpus`), with pgbouncer or Pgpool-II between
// them and PostgreSQL (`pooler`).
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "cluster/cluster_settings.h"
#include "common/cpu_limit_group.h"
#include "common/narrator.h"
#include "common/private_record.h"
#include "common/process_proof.h"
#include "common/status.h"
#include "loader/pg_connection.h"
#include "tap/dachs_checks.h"
#include "tap/dachs_leftovers.h"
#include "tap/dachs_program.h"
#include "tap/service_daemons.h"

namespace skyseed {

struct DachsOptions {
  std::string data_dir;  // the embedded cluster's, absolute: DaCHS's folder goes under it
  // The database served and how to reach it (socket folder, port, conninfo):
  // the sweep hands it over as cluster/'s EmbeddedEndpointOf builds it.
  EmbeddedEndpoint server;
  std::string schema;                 // where the corpus tables are (kCorpusSchema)
  std::vector<std::string> settings;  // "section.key=value" lines for gavo.rc
  int instances = 1;                  // DaCHS processes; more than one are served behind haproxy
  double cpus = 0;                    // each process's CPU limit (a cgroup of its own); 0: none
  PoolerKind pooler = PoolerKind::kNone;  // between DaCHS and PostgreSQL
  double timeout_s = 120;                 // per request, for haproxy
  // The sweep's record of what it starts (tap/dachs_leftovers.h), held
  // (locked) by the sweep: required.
  PrivateRecord* record = nullptr;
  DachsProgram program;  // the host's DaCHS, or a stack root's (tap/dachs_program.h)
};

class DachsService {
 public:
  // Configures, imports and serves; on failure undoes whatever it did.
  static Result<std::unique_ptr<DachsService>> Start(const DachsOptions& options,
                                                     PgConnection& conn, Narrator& narrator);
  ~DachsService();  // Stop(), if not stopped yet; a failure goes to stderr
  DachsService(const DachsService&) = delete;
  DachsService& operator=(const DachsService&) = delete;

  // Stops the server and removes its roles, schemas and folder.
  Status Stop();
  const std::string& url() const { return url_; }  // http://127.0.0.1:PORT/tap
  std::vector<int> pids() const;                   // the DaCHS processes
  // The pooler's and haproxy's, when running: the service's plumbing.
  std::vector<int> helper_pids() const;
  // Each DaCHS process is one Python process: one core at most, or its limit.
  double ceiling_cores() const;
  // The processes' CPU limits added up; nullopt without --tap-cpus.
  Result<std::optional<CpuThrottling>> ReadThrottling() const;
  // Version, the settings written and the ceiling, for the sweep's setup.
  nlohmann::json Describe() const;

 private:
  DachsService(const DachsOptions& options, PgConnection& conn);
  Status Configure(Narrator& narrator);
  Status Serve();
  Status StartServers();  // as the cluster's owner
  Status ServeInstance(size_t i);
  Status LimitInstance(size_t i);  // --tap-cpus, as ourselves
  // gavo.rc of DaCHS process i (0: also the one `dachs init` and `imp` read).
  std::string RcText(size_t i) const;
  std::string RcPath(size_t i) const;
  // Process i's own folder `name` ("state", "logs"): name for process 0,
  // name-i for the others.
  std::string InstanceFolder(const char* name, size_t i) const;
  // As the cluster's owner when we are root; from options_.program.
  Status RunDachs(const std::vector<std::string>& args, const std::string& log_name,
                  size_t instance = 0);
  Status RemoveFromDatabase();
  // The record rewritten from what runs now.
  Status Record();

  DachsOptions options_;
  PgConnection& conn_;
  std::string root_;  // the private folder
  std::string url_;
  std::string version_;
  int front_port_ = 0;  // the port clients use: DaCHS's own, or haproxy's
  std::string front_;   // http://127.0.0.1:front_port_
  std::string user_;    // the cluster's owner, when we are root: everything runs as that user
  uid_t uid_ = 0;       // ... and its uid (ours when not root)
  std::vector<int> ports_;
  std::vector<ProcessProof> dachs_;  // the DaCHS processes
  ProcessProof pooler_;
  ProcessProof balancer_;
  std::vector<std::unique_ptr<CpuLimitGroup>> limits_;
  std::vector<std::string> cgroups_;  // their names, recorded before each is made
  bool initialised_ = false;          // roles and schemas exist and must be removed
  bool stopped_ = false;
};

}  // namespace skyseed
