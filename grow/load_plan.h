// What one growth step loads, decided from plain values: the ledger as read,
// the rows asked of each table, the chunk grid and this process's shard. No
// connection, so every rule here is tested without a server.
#pragma once

#include <string>
#include <vector>

#include "common/status.h"
#include "generator/corpus_tables.h"
#include "store/chunk_ledger.h"
#include "tiers/chunk_plan.h"

namespace skyseed {

// The chunk grid of a growth, and the share of it this process loads.
struct ChunkGrid {
  uint64_t chunk_rows = 0;
  int shard = 0;  // 0-based
  int shards = 1;
};

// InvalidArgument naming the first table, in the ledger's (name) order, that
// holds more rows than `counts` asks: tiers only grow.
Status CheckOnlyGrows(const std::vector<LedgerEntry>& ledger, const TableRows& counts);
// The grid cells this shard owns that the ledger lacks below `counts`,
// table by table, each cut to the grid.
std::vector<Chunk> PlanGeneratedLoad(const std::vector<LedgerEntry>& ledger,
                                     const TableRows& counts, const ChunkGrid& grid);
// The files' chunks (`files`) the ledger lacks. A file the ledger holds part
// of (the database was grown with another chunk size) cannot be loaded whole:
// InvalidArgument, telling to finish with grow --tier `tier`.
Result<std::vector<Chunk>> PlanFileLoad(const std::vector<LedgerEntry>& ledger,
                                        const TableRows& counts, const std::vector<Chunk>& files,
                                        const std::string& tier);
// True when the ledger holds every row below `counts`, whoever loaded it.
bool LedgerCovers(const std::vector<LedgerEntry>& ledger, const TableRows& counts);

}  // namespace skyseed
