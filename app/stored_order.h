// How a corpus table is stored on the sky: the median angle between rows
// that share a heap block, from a repeatable sample of about 64 blocks. A
// table in sky order (skyseed-gen-4 on, or a catalogue clustered on its
// position index) reads a fraction of a degree; rows in random sky order
// read about 90 degrees, and a cone then touches one block per row.
#pragma once

#include <optional>

#include "common/status.h"
#include "generator/corpus_tables.h"
#include "loader/pg_connection.h"

namespace skyseed {

// nullopt when the sample holds no two rows of one block (an empty table).
Result<std::optional<double>> MedianNeighbourDegrees(PgConnection& conn, const TableDef& table);

}  // namespace skyseed
