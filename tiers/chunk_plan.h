// Chunks are the unit of generation, of one COPY transaction, of resume and
// of hashing. A plan covers what is missing from [0, target) given the ranges
// already done, in pieces of at most chunk_rows.
#pragma once

#include <cstdint>
#include <vector>

#include "generator/corpus_tables.h"

namespace skyseed {

struct Chunk {
  const TableDef* table;
  RowRange range;
};

// `done` may be unsorted; overlapping done ranges are tolerated.
std::vector<RowRange> MissingRanges(std::vector<RowRange> done, uint64_t target);
std::vector<RowRange> SplitRanges(const std::vector<RowRange>& ranges, uint64_t chunk_rows);

}  // namespace skyseed
