// `skyseed sweep --export FILE | --import FILE`: the sweep's records carried
// from one database to another (holdings/sweep_carry.h), options of `sweep`
// that measure nothing.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "app/commands.h"
#include "app/connection_options.h"
#include "loader/pg_connection.h"

namespace skyseed {

struct SweepCarryArgs {
  std::string export_path, import_path;
};

// The sweep lock on the database (store/advisory_locks.h), held by this
// session until it closes: a sweep measures, or an import adds rows, alone.
Status TakeSweepLock(PgConnection& conn);

void AddSweepCarryOptions(CLI::App* cmd, SweepCarryArgs* c);

// When --export or --import was given: *run set to the carry (its options
// checked first: one of the two, with connection options only) and true.
bool SweepCarryRun(const CLI::App& cmd, const SweepCarryArgs& c, const ConnectionOptions& conn,
                   CommandRun* run);

}  // namespace skyseed
