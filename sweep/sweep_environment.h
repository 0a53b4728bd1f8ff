// What a sweep's figures were measured on, recorded with them so that the
// report can say it: the host, the server and its extensions (into the
// sweep's setup), and what each tier held when its windows ran.
#pragma once

#include <nlohmann/json.hpp>

#include "common/status.h"
#include "loader/pg_connection.h"
#include "store/manifest_records.h"
#include "sweep_record/sweep_record.h"

namespace skyseed {

// hostname, kernel, CPU model, cores and memory of this host (the load
// generator's; the server's too unless --db names another host). A fact
// the host does not tell is left out.
nlohmann::json DescribeHost();

// server_version and the versions of the extensions a capacity figure
// depends on (pg_sphere, pg_stat_statements, q3c): those not installed are
// absent from "extensions".
Result<nlohmann::json> DescribeServer(PgConnection& conn);

// What the tier held, from its record: rows from its ledger (not a count(*)
// that would read a large tier once more), table and index bytes as the
// catalogue gave them when the tier was reached (pg_table_size and
// pg_indexes_size, grow/tier_measure.cc) and the grow's wall time. Taken
// from one record, the figures agree with each other and with the tier's
// database_size even when the database has since grown past the tier.
TierMeasured MeasuredOf(const TierRecord& reached);

}  // namespace skyseed
