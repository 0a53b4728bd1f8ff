// Which server a command talks to: --db CONNINFO, else the PG* environment
// variables, else skyseed's own embedded cluster in --data-dir.
#pragma once

#include <string>

#include <CLI/CLI.hpp>

#include "common/status.h"
#include "cluster/embedded_cluster.h"

namespace skyseed {

struct ConnectionOptions {
  std::string db;
  std::string data_dir = "./skyseed-data";
  std::string database = kEmbeddedDatabase;
};

void AddConnectionOptions(CLI::App* cmd, ConnectionOptions* o);
// Starts the embedded cluster when it is the one selected.
Result<std::string> ResolveConninfo(const ConnectionOptions& o, int jobs);
// True when neither --db nor a PG* variable selects a server.
bool UsesEmbeddedCluster(const ConnectionOptions& o);

}  // namespace skyseed
