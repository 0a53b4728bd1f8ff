// Chunks are the unit of generation, of one COPY transaction, of resume and
// of hashing. A plan covers what is missing from [0, target) given the ranges
// already done, in pieces of at most chunk_rows.
#pragma once

#include <cstdint>
#include <vector>

#include "generator/corpus_tables.h"
#include "tiers/tier_spec.h"

namespace skyseed {

// The default chunk sizes, named here alone (help texts show them): rows per
// COPY transaction and ledger row as a database grows (grow, load, sweep),
// and rows per file and hashing task of `generate` and `hash`. Neither
// changes a corpus byte.
inline constexpr uint64_t kGrowChunkRows = 50'000;
inline constexpr uint64_t kFileChunkRows = 100'000;

struct Chunk {
  const TableDef* table;
  RowRange range;
};

// Every row of every corpus table of `tier`, in chunks from row 0.
std::vector<Chunk> TierChunks(const TierSpec& tier, uint64_t chunk_rows);

// `done` may be unsorted; overlapping done ranges are tolerated.
std::vector<RowRange> MissingRanges(std::vector<RowRange> done, uint64_t target);
// Pieces end at multiples of chunk_rows: every run, shard or resume that uses
// the same chunk size cuts the same grid, so shard ownership (cell index
// mod shards) is the same for all of them.
std::vector<RowRange> SplitRanges(const std::vector<RowRange>& ranges, uint64_t chunk_rows);
// Shard k of n (0-based) owns the grid cells whose index is k mod n.
inline bool ShardOwns(const RowRange& chunk, uint64_t chunk_rows, int shard, int shards) {
  return static_cast<int>((chunk.first / chunk_rows) % static_cast<uint64_t>(shards)) == shard;
}

}  // namespace skyseed
