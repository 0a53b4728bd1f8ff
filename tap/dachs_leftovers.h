// What skyseed's DaCHS leaves until it is stopped: server processes (DaCHS,
// haproxy, a pooler), CPU-limit cgroups, a folder under the embedded
// cluster's data directory, and three roles with their schemas and grants
// in the database it served. Its sweep removes them when it ends, also on
// SIGINT or SIGTERM; after a kill -9 nothing of that sweep runs, so the
// sweep keeps a record of them (ServicesRecord) where only its own user can
// write, beside the data directory, locked for as long as it runs. The next
// command that starts or stops the cluster takes the lock, which a live
// sweep would hold, and removes what the record names (ReapOrphanedDachs).
// Nothing is taken from the folder the cluster's owner can write: a pid
// file there names what that user likes, so only a process proven by the
// record (common/process_proof.h) is ever signalled.
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "common/private_record.h"
#include "common/process_proof.h"
#include "common/status.h"
#include "loader/pg_connection.h"

namespace skyseed {

// The profiles' roles (feed, trustedquery, untrustedquery): names of
// skyseed's own, so removing them can never remove another DaCHS's.
inline constexpr const char* kDachsRoles[] = {"skyseed_dachs_admin", "skyseed_dachs_query",
                                              "skyseed_dachs_untrusted"};
inline constexpr const char* kDachsFolder = "skyseed-dachs";
// The CPU limits of --tap-cpus: "skyseed-tap-<sweep pid>-<process>".
inline constexpr const char* kTapCpuGroupPrefix = "skyseed-tap-";
// The record beside the data directory: <parent>/.<name>.skyseed-sweep.
inline constexpr const char* kSweepRecordSuffix = ".skyseed-sweep";

// The conninfo of database `dbname` of the embedded cluster (app/ knows it
// from cluster/): derived from the data directory, never read from a file.
using ClusterConninfo = std::function<std::string(const std::string& dbname)>;

// What a sweep started, as its record holds it.
struct ServicesRecord {
  std::string database;  // the database DaCHS was published in; "" before
  std::vector<std::pair<std::string, ProcessProof>> processes;  // program, proof
  std::vector<std::string> cgroups;                             // names
  std::string Text() const;
  static ServicesRecord Parse(const std::string& text);  // unknown lines are ignored
};

// DROP OWNED BY the roles CASCADE in conn's database, then DROP ROLE.
Status RemoveDachsRoles(PgConnection& conn);

// The signal that stops `program` soonest with its children: a pooler's
// from the table (sweep_record/poolers.h), else SIGTERM.
int StopSignal(const std::string& program);

// With `record` held: stops every process it proves and anything left in
// its cgroups, removes the cgroups, DaCHS's roles from its database and
// the folder (as `user`, the cluster's owner), then empties the record.
// Returns what it did ("" when there was nothing).
Result<std::string> ReapRecorded(PrivateRecord& record, const std::string& data_dir,
                                 const std::string& user, const ClusterConninfo& conninfo);

struct Reaped {
  bool sweep_running = false;  // a live sweep holds the record: nothing done
  std::string said;            // what was removed, "" for nothing
};
// The record beside data_dir, when no live sweep holds it: ReapRecorded.
Result<Reaped> ReapOrphanedDachs(const std::string& data_dir, const ClusterConninfo& conninfo);

}  // namespace skyseed
