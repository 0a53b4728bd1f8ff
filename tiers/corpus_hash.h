// The corpus hash of a tier computed from the generator alone, without a
// database: `skyseed hash` and the reference `verify` compares against.
#pragma once

#include <cstdint>
#include <vector>

#include "common/narrator.h"
#include "copy_format/corpus_digest.h"
#include "tiers/chunk_plan.h"
#include "tiers/tier_spec.h"

namespace skyseed {

struct CorpusHash {
  std::vector<NamedTableDigest> tables;  // corpus table order
  Digest128 corpus;
};

struct HashOptions {
  uint64_t seed = kDefaultSeed;
  int threads = 1;
  uint64_t chunk_rows = kFileChunkRows;
  Narrator* narrator = &SilentNarrator();  // for the progress meter
};

// Digest of rows [range) of one table.
TableDigest HashRange(const TableDef& table, uint64_t seed, RowRange range, ByteBuffer* scratch);
// HashRange of each of `ranges`, on `threads` threads.
std::vector<TableDigest> HashRanges(const TableDef& table, uint64_t seed,
                                    const std::vector<RowRange>& ranges, int threads);
CorpusHash HashTier(const TierSpec& tier, const HashOptions& options);

}  // namespace skyseed
