// The end of a growth: VACUUM (ANALYZE), then the tier measured (each
// table's sizes, its ledger's rows and digest) and recorded with its phases.
#pragma once

#include <cstdint>
#include <string>

#include "common/narrator.h"
#include "common/status.h"
#include "generator/corpus_tables.h"
#include "loader/pg_connection.h"
#include "timing/phase_times.h"

namespace skyseed {

// pg_database_size() of the connection's database.
Result<uint64_t> DatabaseSize(PgConnection& conn);

// Every corpus table on its own connection, `jobs` at a time; *tasks
// receives each one's busy time ("vacuum TABLE").
Status VacuumAnalyze(const std::string& conninfo, int jobs, TaskSeconds* tasks);

// Records the tier reached with `counts` rows after `seconds`, and prints
// its summary line. The record's phases gain this host's cores, the
// process's peak RSS and how busy time was measured. Corruption if an index
// is still set aside, missing or not as declared (indexes/index_audit.h), or
// the ledger does not cover each table's rows exactly once.
// Says "tier S reached: ..." once recorded.
Status RecordReached(PgConnection& control, const std::string& tier, const TableRows& counts,
                     double seconds, const PhaseTimes& phases, Narrator& narrator);

}  // namespace skyseed
