// A throwaway PostgreSQL cluster of skyseed's own. With no connection given,
// skyseed runs one in a folder of the user's (kDefaultDataDir), so that
// one command yields a working database with pg_sphere. The server listens
// only on a unix socket inside its data directory, with trust authentication:
// the 0700 data directory keeps everyone but its owner and root away.
//
// PostgreSQL refuses to run as root, so under root the cluster belongs to and
// runs as the user "postgres" (or the owner of an existing cluster).
//
// A failure the data directory itself causes is recognized by IsDataDirError
// (cluster/data_dir.h), one the database name causes by CheckDatabaseName
// (cluster/cluster_database.h).
#pragma once

#include <cstdint>
#include <string>

#include "cluster/cluster_settings.h"
#include "common/status.h"

namespace skyseed {

// The embedded cluster's folder when none is given.
inline constexpr const char* kDefaultDataDir = "./skyseed-data";

struct EmbeddedCluster {
  std::string data_dir;  // absolute
  // "host=<data_dir> port=5432 dbname=skyseed user=postgres"; the socket
  // directory is the data directory (quoted when the path needs it).
  std::string conninfo;
  std::string note;   // non-empty: a line to tell the user (relocated, or made on a stack)
  std::string stack;  // which PostgreSQL runs it (PgStack::Describe)
};

inline constexpr const char* kEmbeddedDatabase = "skyseed";

// Creates the cluster on first use, writes the settings into
// <data_dir>/skyseed.conf (included from postgresql.conf), starts the server
// unless it is running, and ensures database `dbname` with pg_sphere (any
// name PostgreSQL accepts: it is quoted, never spliced). Idempotent.
// Refuses a directory that holds anything but a skyseed cluster. A new
// cluster runs on `stack_asked` (cluster/pg_stack.h; "" for the newest host
// PostgreSQL with pg_sphere); an existing one must be on it when it is given.
Result<EmbeddedCluster> StartEmbeddedCluster(const std::string& data_dir, const ClusterSettings& s,
                                             const std::string& dbname = kEmbeddedDatabase,
                                             const std::string& stack_asked = "");

// For commands that only read (status, verify, report): the conninfo of
// database `dbname` in the existing skyseed cluster of `data_dir`, starting
// its server if it is stopped (with the settings it has). Never runs initdb
// and never creates a database: InvalidArgument "no skyseed cluster in DIR"
// or naming the missing database.
Result<EmbeddedCluster> OpenEmbeddedClusterForReading(const std::string& data_dir,
                                                      const std::string& dbname);

// Starts the server of the skyseed cluster in `data_dir` if it is down (a
// postmaster killed mid-growth). True: it was down and now runs.
Result<bool> RestartEmbeddedServerIfDown(const std::string& data_dir, const ClusterSettings& s);

// Fast shutdown; OK if the server is not running. NotFound if `data_dir`
// holds no skyseed cluster (a cluster skyseed did not make is never stopped).
Status StopEmbeddedCluster(const std::string& data_dir);

struct ClusterState {
  bool exists = false;
  bool running = false;
  int pid = 0;  // the postmaster's, when running
  std::string conninfo;
  std::string note;   // non-empty: a line to tell the user (relocated, or made on a stack)
  std::string stack;  // which PostgreSQL runs it, or why none can
};

// NotFound if `data_dir` holds no skyseed cluster.
Result<ClusterState> EmbeddedClusterState(const std::string& data_dir);

// Where the embedded server's log stands now (0 when there is none), and
// the error the log wrote past that point about a full disk, named as one
// ("" when none): a server that PANICs writing pg_wal only drops its
// connections, and the client never hears why.
uintmax_t EmbeddedServerLogSize(const std::string& data_dir);
std::string FullDiskSince(const std::string& data_dir, uintmax_t offset);

// "running (pid N)", "stopped" or "absent".
std::string DescribeClusterState(const ClusterState& state);

}  // namespace skyseed
