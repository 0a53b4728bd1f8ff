// The database skyseed grows into inside its cluster: created on first use,
// with pg_sphere. Any name PostgreSQL accepts: it is quoted, never spliced.
#pragma once

#include <string>

#include "common/status.h"

namespace skyseed {

// InvalidArgument unless `dbname` has 1 to 63 bytes: PostgreSQL would
// silently cut a longer name when creating it.
Status CheckDatabaseName(const std::string& dbname);

// OK if database `dbname` exists in the running cluster of `abs_data_dir`;
// InvalidArgument naming it if not (nothing is created).
Status CheckDatabaseExists(const std::string& abs_data_dir, const std::string& dbname);

// Creates database `dbname` in the running cluster of `abs_data_dir` unless
// it exists, then pg_sphere in it. A concurrent creator that got there first
// is no failure when PostgreSQL says so with duplicate_database (42P04), or
// for the extension with a unique violation (23505). Waits while the server
// is still starting up.
Status EnsureDatabaseWithPgSphere(const std::string& abs_data_dir, const std::string& dbname);

}  // namespace skyseed
