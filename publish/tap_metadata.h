// `skyseed tap-schema`: writes (or rewrites) TAP_SCHEMA describing the
// corpus under its standard names, for a TAP service that reads its
// metadata from the database. A tap_schema skyseed did not write (DaCHS
// keeps its own) is never touched.
#pragma once

#include "common/status.h"
#include "loader/pg_connection.h"

namespace skyseed {

// Returns the number of columns described.
Result<int> WriteTapSchema(PgConnection& conn);

}  // namespace skyseed
