// EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) of a pgbench script's query, run
// as pgbench would run it for its first parameter row: `\set i` is taken as
// 1, each `\gset` query runs to bind its columns, and the last statement is
// explained with every :variable sent as a parameter.
#pragma once

#include <string>

#include "common/status.h"
#include "loader/pg_connection.h"

namespace skyseed {

// The JSON plan as the server wrote it.
Result<std::string> ExplainScript(PgConnection& conn, const std::string& script);

// "… = :a AND … :b" -> "… = $1 AND … $2" with the names in *order (a name
// used twice gets one number). "::" casts are left alone.
std::string NumberVariables(const std::string& sql, std::vector<std::string>* order);

}  // namespace skyseed
