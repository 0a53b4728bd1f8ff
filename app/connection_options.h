// Which server a command talks to: --db CONNINFO, else the PG* environment
// variables, else skyseed's own embedded cluster in --data-dir.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <string>

#include "cluster/embedded_cluster.h"
#include "common/status.h"
#include "tap/dachs_leftovers.h"

namespace skyseed {

struct ConnectionOptions {
  std::string db;
  std::string data_dir = kDefaultDataDir;
  std::string database = kEmbeddedDatabase;
  std::string pg_stack;  // a new embedded cluster's PostgreSQL (cluster/pg_stack.h)
};

// --pg-stack: which PostgreSQL a new embedded cluster runs on.
CLI::Option* AddPgStackOption(CLI::App* cmd, std::string* stack);

void AddConnectionOptions(CLI::App* cmd, ConnectionOptions* o);
// Starts the embedded cluster when it is the one selected.
// Stops and removes a DaCHS a killed sweep left in the embedded cluster of
// data_dir (tap/dachs_leftovers.h), saying so on stderr. While a live sweep
// holds its record, nothing is done; `refuse_while_sweeping`: InvalidArgument.
Status SayReaped(const std::string& data_dir, bool refuse_while_sweeping = false);
// The same, with the sweep's record held by this process (a sweep's own).
Status SayReaped(const std::string& data_dir, PrivateRecord* held);
// The embedded cluster's conninfo of each database, from its data directory.
ClusterConninfo EmbeddedConninfoOf(const std::string& data_dir);
Result<std::string> ResolveConninfo(const ConnectionOptions& o, int jobs);
// For commands that only read: never creates a cluster, a database or a
// folder (see OpenEmbeddedClusterForReading); a stopped embedded cluster is
// started.
Result<std::string> ResolveReadOnlyConninfo(const ConnectionOptions& o);
// For grow and load on the embedded cluster: starts its server again if it
// died mid-growth (GrowRun::restart_server).
// Whether --data-dir already holds skyseed's cluster (nothing is created).
Result<bool> EmbeddedClusterExists(const ConnectionOptions& o);

std::function<Result<bool>()> EmbeddedServerRestarter(const ConnectionOptions& o, int jobs);
// True when neither --db nor a PG* variable selects a server.
bool UsesEmbeddedCluster(const ConnectionOptions& o);
// `s`, naming --data-dir when the data directory caused it (the cluster's
// messages say "data directory <path>", not which option gave the path).
Status NamingDataDirOption(const Status& s);

}  // namespace skyseed
