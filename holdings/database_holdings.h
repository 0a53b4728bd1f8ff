// What a database holds, as one JSON document (`skyseed status --json`; the
// text of `status` is printed from it in app/): the corpus identity, each
// tier record with its phases and time bounds, the chunk ledger per table,
// indexes set aside, rows past the last record, the tier the tables hold by
// the ledger rule (`held_tier`, store/record_audit.h: HeldTier; null when
// none), the corpus tables with their standard names and stored order, the
// server, and each recorded sweep per tier. Reads only.
#pragma once

#include <nlohmann/json.hpp>

#include "common/status.h"
#include "loader/pg_connection.h"

namespace skyseed {

Result<nlohmann::json> DescribeHoldings(PgConnection& conn);

}  // namespace skyseed
