// The poolers skyseed can put between its DaCHS and PostgreSQL
// (--tap-pooler), in one table: what each is called on the command line
// and in a sweep's key, which program runs, which Debian package installs
// it, how it is stopped, whether it keeps server sessions open. Everything
// that lists, parses, checks, starts, records, stops or advises a pooler
// reads this table (here, beside the key that names it, so the findings
// and the report can too); tap/service_daemons.cc writes each one's
// configuration.
//
// DaCHS closes each request's connection inside its open transaction.
// pgbouncer (either mode) then closes the server connection too ("client
// disconnect while server was not ready"), so it keeps nothing open;
// Pgpool-II rolls the transaction back (reset_query_list) and caches the
// connection for the next client.
#pragma once

#include <string>
#include <vector>

#include "common/status.h"

namespace skyseed {

enum class PoolerKind { kNone, kPgbouncer, kPgpool };

struct Pooler {
  PoolerKind kind;
  const char* name;     // --tap-pooler's value, in the sweep's key and setup
  const char* program;  // the executable, and its process in the sweep's record; "" for none
  const char* package;  // the Debian package that installs it
  int stop_signal;      // the one that stops it soonest with its children
  // Whether a server session outlives the client that opened it (DaCHS's
  // session-per-request then stops costing a connection each).
  bool keeps_sessions;
};

// Every kind, kNone ("none") first.
const std::vector<Pooler>& Poolers();
const Pooler& PoolerOf(PoolerKind k);
const char* PoolerName(PoolerKind k);     // "none", "pgbouncer", "pgpool"
const char* PoolerProgram(PoolerKind k);  // "pgbouncer", "pgpool"
// The names for help and errors: "none, pgbouncer or pgpool".
std::string PoolerNames();
// " (--tap-pooler NAME)" for the first pooler that keeps sessions open: the
// findings' advice when connections cost the database.
std::string SessionKeepingPoolerOption();
// InvalidArgument for anything but those names.
Result<PoolerKind> ParsePooler(const std::string& text);

}  // namespace skyseed
