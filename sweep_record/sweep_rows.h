// The rows of skyseed's sweep tables (window, tier, setup) as JSON, column
// by column as schema/manifest_schema.h declares them, and back: what
// `skyseed sweep --export` and `--import` carry from one database to another
// (holdings/sweep_carry.h adds the document around them). A jsonb column is
// carried as JSON, an integer as a number, anything else (text, a
// timestamptz in UTC) as its text.
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <string>

#include "common/status.h"
#include "loader/pg_connection.h"

namespace skyseed {

// {"sweep_window": [{column: value, ...}, ...], "sweep_tier": [...],
// "sweep_setup": [...]}, each table's rows in key order; an empty list for a
// table no sweep made yet.
Result<nlohmann::json> ReadSweepRows(PgConnection& conn);

// Ok when `tables` has exactly the sweep tables, each a list of rows with
// exactly the declared columns, each of its kind; else InvalidArgument
// naming the first that is not. Pure: checked before anything is touched.
Status CheckSweepRows(const nlohmann::json& tables);

struct SweepRowsAdded {
  int added = 0;      // rows inserted
  int identical = 0;  // rows already present, column for column
};

// Adds the rows (checked by CheckSweepRows) to the sweep tables, making them
// when missing, in one transaction: a row whose key is already present with
// any other column different (a window measured again, a finding redrawn)
// refuses the whole import with InvalidArgument naming it, and nothing is
// written. `before_insert` runs in the transaction first (the caller's
// checks against the database's tier records).
Result<SweepRowsAdded> AddSweepRows(PgConnection& conn, const nlohmann::json& tables,
                                    const std::function<Status()>& before_insert);

}  // namespace skyseed
