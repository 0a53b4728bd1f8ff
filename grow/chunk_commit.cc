#include "grow/chunk_commit.h"

#include "common/fault_point.h"
#include "loader/chunk_copy.h"
#include "schema/corpus_schema.h"
#include "store/manifest_store.h"

namespace skyseed {

namespace {

// The session's staging table, created on the connection's first chunk.
Status EnsureStaging(PgConnection& conn, const StagingSql& staging) {
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(conn.Query(staging.exists, &r));
  if (r.text(0, 0) == "t") return Status::Ok();
  return conn.Exec(staging.create);
}

}  // namespace

Status CommitChunk(PgConnection& conn, const Chunk& chunk, const NextTuples& next,
                   const Digest128& digest) {
  const QuoteFn q = conn.IdentQuoter();
  const StagingSql staging = StagingFor(*chunk.table, q);
  if (!staging.create.empty()) SKYSEED_RETURN_IF_ERROR(EnsureStaging(conn, staging));
  return conn
      .InTransaction([&]() -> Status {
        SKYSEED_RETURN_IF_ERROR(CopyChunkIn(conn, CopyInSql(*chunk.table, q), next));
        if (!staging.move.empty()) SKYSEED_RETURN_IF_ERROR(conn.Exec(staging.move));
        SKYSEED_RETURN_IF_ERROR(
            InsertLedgerEntry(conn, {chunk.table->standard_name(), chunk.range, digest}));
        FaultPoint("ledgered");
        return Status::Ok();
      })
      .Annotate(chunk.table->standard_name() + " rows " + std::to_string(chunk.range.first) + ".." +
                std::to_string(chunk.range.end()));
}

}  // namespace skyseed
