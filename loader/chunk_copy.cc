#include "loader/chunk_copy.h"

#include "common/fault_point.h"
#include "generator/copy_encoder.h"

namespace skyseed {
namespace {

// libpq takes at most INT_MAX bytes a call; 8 MiB pieces keep the socket busy.
constexpr size_t kPiece = 8u << 20;

Status SendStream(PgConnection& conn, std::string_view body) {
  ByteBuffer framing;
  CopyEncoder enc(&framing);
  enc.Header();
  SKYSEED_RETURN_IF_ERROR(conn.PutCopyData(framing.view()));
  for (size_t off = 0; off < body.size(); off += kPiece) {
    SKYSEED_RETURN_IF_ERROR(conn.PutCopyData(body.substr(off, kPiece)));
    FaultPoint("copy");
  }
  framing.clear();
  enc.Trailer();
  SKYSEED_RETURN_IF_ERROR(conn.PutCopyData(framing.view()));
  return conn.EndCopyIn();
}

}  // namespace

Status CommitChunk(PgConnection& conn, const ChunkCopy& chunk, std::string_view tuples) {
  return conn
      .InTransaction([&]() -> Status {
        SKYSEED_RETURN_IF_ERROR(conn.BeginCopyIn(chunk.copy_sql));
        SKYSEED_RETURN_IF_ERROR(SendStream(conn, tuples));
        SKYSEED_RETURN_IF_ERROR(conn.Query(
            "INSERT INTO skyseed.chunk_ledger (table_name, first_row, row_count, digest) "
            "VALUES ($1, $2, $3, $4)",
            {chunk.ledger_name, std::to_string(chunk.first_row), std::to_string(chunk.row_count),
             chunk.digest.Hex()},
            nullptr));
        FaultPoint("ledgered");
        return Status::Ok();
      })
      .Annotate(chunk.ledger_name + " rows " + std::to_string(chunk.first_row) + ".." +
                std::to_string(chunk.first_row + chunk.row_count));
}

}  // namespace skyseed
