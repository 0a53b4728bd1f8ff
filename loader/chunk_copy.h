// A chunk's rows into a table: its encoded tuples sent as one binary COPY
// stream (header, the tuples piece by piece as they are produced, trailer),
// so a chunk never has to be held whole in memory. Only bytes: the
// transaction around it and the chunk ledger are grow/chunk_commit.h.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "common/status.h"
#include "loader/pg_connection.h"

namespace skyseed {

// The next piece of encoded rows (without header or trailer); an empty
// piece once there are no more. A piece stays valid until the next call.
using NextTuples = std::function<Result<std::string_view>()>;

// `copy_sql` is a COPY ... FROM STDIN (FORMAT binary). Ok once the server
// took every piece `next` produced.
Status CopyChunkIn(PgConnection& conn, const std::string& copy_sql, const NextTuples& next);

}  // namespace skyseed
