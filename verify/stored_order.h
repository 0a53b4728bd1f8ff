// How a corpus table is stored on the sky, measured on the table itself
// (never taken from a record: a table rewritten in another order reads as
// it is stored): from a repeatable sample of about 64 blocks, the median
// angle between rows that share a heap block, against the median angle
// between the same sample's rows paired at random. A table in sky order
// (skyseed-gen-4 on, or a catalogue clustered on its position index) keeps
// block neighbours a small fraction of the random pairs' distance apart;
// in random physical order the two medians agree, however clustered the
// sky is (obscore's observations crowd into a few popular fields, so its
// random pairs may lie only degrees apart), and a cone touches a block per
// row.
#pragma once

#include <optional>

#include "common/status.h"
#include "generator/corpus_tables.h"
#include "loader/pg_connection.h"

namespace skyseed {

struct StoredOrder {
  double neighbour_deg = 0;    // median angle between rows sharing a block
  double random_pair_deg = 0;  // ... between the sample's rows paired at random
  // Block neighbours under a quarter of the random pairs' distance apart.
  bool sky_order() const { return neighbour_deg < 0.25 * random_pair_deg; }
};

// nullopt when the sample holds no two rows of one block (an empty table).
Result<std::optional<StoredOrder>> MeasureStoredOrder(PgConnection& conn, const TableDef& table);

}  // namespace skyseed
