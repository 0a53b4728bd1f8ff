// How the embedded server is configured and reached: its postgresql.conf
// lines, sized to the machine, and the libpq conninfo that matches them (a
// unix socket in the data directory, a fixed port).
#pragma once

#include <cstdint>
#include <string>

namespace skyseed {

// What the server settings are sized from.
struct ClusterSettings {
  uint64_t memory_bytes = 0;  // physical memory (capped by a cgroup limit)
  int cores = 1;
  int connections = 1;  // parallel COPY connections of the run
};

// This machine's memory and usable cores as skyseed may use them
// (common/machine_size.h: cgroup limits and affinity count): the server it
// starts runs in the same cgroup.
ClusterSettings DetectMachine(int connections);

// The postgresql.conf lines for `s`, one "name = value" per line; the server
// listens only on a socket in `abs_data_dir`.
std::string SettingsConf(const ClusterSettings& s, const std::string& abs_data_dir);

// How a client reaches one database of the embedded server: the socket
// folder (its data directory), the port, and the libpq conninfo made of
// them; built here alone, handed on whole (to DaCHS, by the sweep).
struct EmbeddedEndpoint {
  std::string socket_dir;
  int port = 0;
  std::string dbname;
  std::string conninfo;  // host=socket_dir port=port dbname=dbname user=postgres, quoted
};
EmbeddedEndpoint EmbeddedEndpointOf(const std::string& abs_data_dir, const std::string& dbname);

// The libpq conninfo for database `dbname` of the cluster in `abs_data_dir`:
// "host=<abs_data_dir> port=5432 dbname=<dbname> user=postgres", each value
// quoted when it needs to be (loader/conninfo.h).
std::string EmbeddedConninfo(const std::string& abs_data_dir, const std::string& dbname);

// The file name of the server's socket (and, with ".lock", of its lock file)
// in the data directory.
std::string ServerSocketName();

}  // namespace skyseed
