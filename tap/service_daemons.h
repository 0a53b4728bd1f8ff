// The servers skyseed puts around its DaCHS, from Debian's packages: a
// pooler between DaCHS and PostgreSQL (DaCHS opens a connection per request;
// a pooler is to keep the server's connections open), and haproxy in
// front of several DaCHS processes (replicas behind a load balancer, as the
// users' services scale). Each runs unprivileged from a folder of its own
// (made, with its configuration, as that user: common/file_identity.h)
// and is returned proven (common/process_proof.h), so that a killed
// sweep's are stopped from the sweep's record (ReapOrphanedDachs) and
// nothing else is.
#pragma once

#include <string>
#include <vector>

#include "cluster/cluster_settings.h"
#include "common/process_proof.h"
#include "common/status.h"
#include "sweep_record/poolers.h"

namespace skyseed {

inline constexpr const char* kPoolerFolder = "pooler";

inline constexpr const char* kBalancerFolder = "haproxy";

struct PoolerSetup {
  PoolerKind kind = PoolerKind::kPgbouncer;
  std::string folder;              // created; holds the config, log, pid and socket
  EmbeddedEndpoint server;         // the embedded cluster: socket folder and port
  std::vector<std::string> roles;  // the roles DaCHS connects as
  std::string user;                // run as; "" keeps ours
};
// The pooler, in session mode (DaCHS's connections keep session state),
// listening on a Unix socket in the folder on the server's port: a client
// changes only its socket folder to go through it.
Result<ProcessProof> StartPooler(const PoolerSetup& setup);
// A value of a connection string in pgbouncer.ini's [databases]: in single
// quotes, a quote doubled. pgbouncer's own parser (src/loader.c,
// cstr_get_value) ends a bare value at a space and knows no backslash
// escape, unlike libpq's (loader/conninfo.h). The [pgbouncer] settings are
// read to the end of the line, spaces and all.
std::string PgbouncerConnstrValue(const std::string& value);
// The pid file of a pooler started in `folder`.
std::string PoolerPidFile(const std::string& folder);

struct BalancerSetup {
  std::string folder;
  int port = 0;               // the front, on 127.0.0.1
  std::vector<int> backends;  // DaCHS processes' ports on 127.0.0.1
  double timeout_s = 120;     // per request
  std::string user;
};
// haproxy, HTTP round robin per request.
Result<ProcessProof> StartBalancer(const BalancerSetup& setup);
std::string BalancerPidFile(const std::string& folder);

}  // namespace skyseed
