// What skyseed's DaCHS leaves until it is stopped: a server process, a
// folder under the embedded cluster's data directory, and three roles with
// their schemas and grants in the database it served. Its sweep removes
// them when it ends, also on SIGINT or SIGTERM; after a kill -9 nothing of
// that sweep runs, so the folder records who started DaCHS and on which
// database, and the next command that starts or stops the cluster finds an
// owner that is gone and removes what it left (ReapOrphanedDachs).
#pragma once

#include <string>

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

// A DaCHS server of ours: a pid file may outlive its process, and the pid
// be another program's by now.
bool DachsAlive(int pid);
// SIGTERM, up to 10 s, then SIGKILL.
void StopDachsProcess(int pid);
// DROP OWNED BY the roles CASCADE in conn's database, then DROP ROLE.
Status RemoveDachsRoles(PgConnection& conn);

// Written when the folder is made: this process, the database's conninfo,
// and the cluster's maintenance database's (no password: the embedded
// cluster trusts its socket).
Status WriteDachsOwner(const std::string& root, const std::string& conninfo,
                       const std::string& fallback_conninfo);

// In data_dir's DaCHS folder, when the process that made it is gone: stops
// its server, removes its roles from the database it served, removes the
// folder. Returns what it did ("" when nothing was left); a folder of a
// live sweep is left alone.
Result<std::string> ReapOrphanedDachs(const std::string& data_dir);

}  // namespace skyseed
