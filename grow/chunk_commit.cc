#include "grow/chunk_commit.h"

#include "common/fault_point.h"
#include "schema/corpus_schema.h"

namespace skyseed {

Status CommitChunk(ChunkConnection& conn, const Chunk& chunk, const NextTuples& next,
                   const Digest128& digest) {
  const QuoteFn q = conn.IdentQuoter();
  const StagingSql staging = StagingFor(*chunk.table, q);
  if (!staging.create.empty()) SKYSEED_RETURN_IF_ERROR(conn.EnsureStaging(staging));
  return conn
      .InTransaction([&]() -> Status {
        SKYSEED_RETURN_IF_ERROR(conn.CopyIn(CopyInSql(*chunk.table, q), next));
        if (!staging.move.empty()) SKYSEED_RETURN_IF_ERROR(conn.Exec(staging.move));
        SKYSEED_RETURN_IF_ERROR(
            conn.InsertLedgerEntry({chunk.table->standard_name(), chunk.range, digest}));
        FaultPoint("ledgered");
        return Status::Ok();
      })
      .Annotate(chunk.table->standard_name() + " rows " + std::to_string(chunk.range.first) + ".." +
                std::to_string(chunk.range.end()));
}

}  // namespace skyseed
