// Reading a corpus table back: row hashes bucketed into the ledger's chunks
// by the row index each key encodes (TableDef::RowIndexOfKey).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/status.h"
#include "copy_format/corpus_digest.h"
#include "generator/corpus_tables.h"

namespace skyseed {

uint64_t RowIndexOfTuple(const TableDef& t, std::string_view tuple);

struct ChunkScan {
  std::vector<RowRange> chunks;      // sorted ledger chunks of the table
  std::vector<TableDigest> digests;  // per chunk, from the database
  TableDigest outside;               // rows in no ledger chunk
};

// Scans the whole table with `jobs` connections over disjoint block ranges.
Result<ChunkScan> ScanTable(const std::string& conninfo, int jobs, const TableDef& t,
                            std::vector<RowRange> chunks);
// Rows whose footprint (a pg_sphere spoly) is not the polygon of the literal
// kept beside it, the table split as ScanTable splits it (pg_sphere's parse
// is not parallel safe: in one query it runs in one backend, minutes at D4).
// 0 for a table without a footprint.
Result<uint64_t> CountFootprintMismatches(const std::string& conninfo, int jobs, const TableDef& t);
// "<table>: N rows hold a <footprint> that is not the polygon of <literal>".
std::string DescribeFootprintMismatches(const TableDef& t, uint64_t rows);
// Row hashes of rows [range) in the database (a second pass for a chunk
// that differs), sorted.
Result<std::vector<Digest128>> ScanChunkRows(const std::string& conninfo, const TableDef& t,
                                             RowRange range);

}  // namespace skyseed
