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

// The libpq conninfo for database `dbname` of the cluster in `abs_data_dir`:
// "host=<abs_data_dir> port=5432 dbname=<dbname> user=postgres", each value
// quoted when it needs to be.
std::string EmbeddedConninfo(const std::string& abs_data_dir, const std::string& dbname);

// The file name of the server's socket (and, with ".lock", of its lock file)
// in the data directory.
std::string ServerSocketName();

}  // namespace skyseed
