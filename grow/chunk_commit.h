// One chunk, one transaction: the chunk's rows go in by binary COPY and its
// ledger entry is inserted before COMMIT, so a kill at any instant loses at
// most the chunk in flight and never commits one twice (the ledger's primary
// key refuses a second copy of the same chunk).
#pragma once

#include "common/status.h"
#include "copy_format/corpus_digest.h"
#include "grow/chunk_connection.h"
#include "loader/chunk_copy.h"
#include "tiers/chunk_plan.h"

namespace skyseed {

// `next` produces the chunk's encoded rows in pieces (loader/chunk_copy.h);
// `digest` is their digest sum as the ledger records it, read once every
// piece has been produced.
Status CommitChunk(ChunkConnection& conn, const Chunk& chunk, const NextTuples& next,
                   const Digest128& digest);

}  // namespace skyseed
