// What must hold before skyseed runs its own DaCHS for a sweep, checked with
// the options (before anything is touched) or once connected: the programs
// installed, the settings well formed, a database name DaCHS can take, no
// other DaCHS in the database.
#pragma once

#include <string>

#include "common/status.h"
#include "loader/pg_connection.h"
#include "tap/service_daemons.h"

namespace skyseed {

// InvalidArgument naming the Debian packages when DaCHS is not installed.
Status CheckDachsInstalled();
// InvalidArgument naming what is missing: haproxy for several processes,
// the cgroup cpu controller for a CPU limit, the pooler's program.
Status CheckServingTools(int instances, double cpus, PoolerKind pooler);
// "web.serverProcesses=2": a gavo.rc item; InvalidArgument otherwise.
Status CheckDachsSetting(const std::string& setting);
// InvalidArgument unless DaCHS can be set up in a database of this name:
// `dachs init` writes it unquoted into SQL (GRANT ALL ON DATABASE <name>),
// so it must be an identifier PostgreSQL keeps as it is: lower-case letters,
// digits and _ (checked without a server), and no keyword (asked of the
// server: quote_ident leaves it bare). Everywhere skyseed passes it on, it
// is quoted; this is DaCHS's own limit.
Status CheckDachsDatabaseName(const std::string& dbname);
Status CheckDachsDatabaseName(PgConnection& conn, const std::string& dbname);
// InvalidArgument when the database already holds DaCHS's schemas (dc,
// tap_schema, uws; ivoa unless `ivoa_is_skyseeds`) or roles of the names
// skyseed's DaCHS uses: unpublishing would remove what is not ours.
Status CheckNoDachsIn(PgConnection& conn, bool ivoa_is_skyseeds);

}  // namespace skyseed
