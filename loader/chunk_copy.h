// A chunk's rows into a table: its encoded tuples sent as one binary COPY
// stream (header, the tuples in large pieces, trailer). Only bytes: the
// transaction around it and the chunk ledger are tiers/chunk_commit.h.
#pragma once

#include <string>
#include <string_view>

#include "common/status.h"
#include "loader/pg_connection.h"

namespace skyseed {

// `copy_sql` is a COPY ... FROM STDIN (FORMAT binary); `tuples` holds the
// encoded rows without header or trailer. Ok once the server took them all.
Status CopyChunkIn(PgConnection& conn, const std::string& copy_sql, std::string_view tuples);

}  // namespace skyseed
