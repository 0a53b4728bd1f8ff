#include "tiers/chunk_commit.h"

#include "common/fault_point.h"
#include "loader/chunk_copy.h"
#include "schema/corpus_schema.h"
#include "tiers/manifest_store.h"

namespace skyseed {

Status CommitChunk(PgConnection& conn, const Chunk& chunk, const Digest128& digest,
                   std::string_view tuples) {
  const QuoteFn q = conn.IdentQuoter();
  const LedgerEntry entry{chunk.table->qualified_name(), chunk.range, digest};
  return conn
      .InTransaction([&]() -> Status {
        SKYSEED_RETURN_IF_ERROR(CopyChunkIn(conn, CopyInSql(*chunk.table, q), tuples));
        SKYSEED_RETURN_IF_ERROR(InsertLedgerEntry(conn, entry));
        FaultPoint("ledgered");
        return Status::Ok();
      })
      .Annotate(entry.table + " rows " + std::to_string(chunk.range.first) + ".." +
                std::to_string(chunk.range.end()));
}

}  // namespace skyseed
