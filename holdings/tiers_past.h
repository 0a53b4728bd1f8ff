// A sweep's tiers the database has grown past: the tables grow by prefix,
// so once they hold more rows than a tier, that tier's windows can no
// longer be measured on them. Such a tier is fine while this sweep has
// recorded all its windows (a killed sweep run again); otherwise the sweep
// is refused before anything runs, naming the fix, rather than reporting a
// tier it never measured. Read through the store and the sweep's records: no
// SQL here.
#pragma once

#include "common/status.h"
#include "loader/pg_connection.h"
#include "sweep/sweep_options.h"

namespace skyseed {

// Ok, or InvalidArgument naming the first such tier and what to do.
Status CheckTiersNotPast(PgConnection& conn, const SweepOptions& o);

}  // namespace skyseed
