// One chunk, one transaction: the chunk's rows go in by binary COPY and its
// ledger row is inserted before COMMIT, so a kill at any instant loses at
// most the chunk in flight and never commits one twice (the ledger's primary
// key refuses a second copy of the same chunk).
#pragma once

#include <cstdint>
#include <string>

#include "common/status.h"
#include "generator/byte_buffer.h"
#include "generator/corpus_digest.h"
#include "loader/pg_connection.h"

namespace skyseed {

struct ChunkCopy {
  std::string copy_sql;     // COPY <table> (<columns>) FROM STDIN (FORMAT binary)
  std::string ledger_name;  // table name as the ledger records it
  uint64_t first_row;
  uint64_t row_count;
  Digest128 digest;
};

// `tuples` holds the encoded rows without header or trailer.
Status CommitChunk(PgConnection& conn, const ChunkCopy& chunk, std::string_view tuples);

}  // namespace skyseed
