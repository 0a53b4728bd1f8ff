#include "verify/ledger_recheck.h"

#include <algorithm>

#include "tiers/corpus_hash.h"
#include "verify/table_scan.h"

namespace skyseed {
namespace {

const char kRefusal[] =
    "; refusing to grow on it, nothing was changed (skyseed verify counts the rows; restore "
    "them or grow into a fresh database)";

std::string Rows(const RowRange& r) {
  return "rows " + std::to_string(r.first) + ".." + std::to_string(r.end());
}

// The same reading as skyseed verify (table_scan), restricted to verdicts on
// the ledger's chunks: rows in no chunk were already refused by the audit.
Status RecheckTable(const std::string& conninfo, int jobs, uint64_t seed, const TableDef& t,
                    std::vector<LedgerEntry> entries, uint64_t* rows) {
  std::sort(entries.begin(), entries.end(), [](const LedgerEntry& a, const LedgerEntry& b) {
    return a.range.first < b.range.first;
  });
  std::vector<RowRange> ranges;
  for (const LedgerEntry& e : entries) ranges.push_back(e.range);
  if (ranges.empty()) return Status::Ok();
  SKYSEED_ASSIGN_OR_RETURN(ChunkScan scan, ScanTable(conninfo, jobs, t, ranges));
  const std::vector<TableDigest> expected = HashRanges(t, seed, ranges, jobs);
  size_t differing = 0, first = 0, ledger_wrong = 0;
  for (size_t c = 0; c < ranges.size(); ++c) {
    *rows += scan.digests[c].rows;
    if (expected[c].sum != entries[c].digest) ++ledger_wrong;
    if (scan.digests[c] == expected[c]) continue;
    if (differing++ == 0) first = c;
  }
  const std::string table = t.standard_name();
  if (differing > 0) {
    return Status::Mismatch("--verify: " + table + " " + Rows(ranges[first]) +
                            " are not what the generator makes (" + std::to_string(differing) +
                            " of " + std::to_string(ranges.size()) + " chunks differ)" + kRefusal);
  }
  if (ledger_wrong > 0) {
    return Status::Mismatch("--verify: " + table + ": " + std::to_string(ledger_wrong) +
                            " chunk ledger digests disagree with the generator, though the rows "
                            "match it" +
                            kRefusal);
  }
  return Status::Ok();
}

// The digests cover the literal; services query the spoly (as verify does).
Status RecheckFootprints(const std::string& conninfo, int jobs, const TableDef& t) {
  SKYSEED_ASSIGN_OR_RETURN(const uint64_t mismatched, CountFootprintMismatches(conninfo, jobs, t));
  if (mismatched == 0) return Status::Ok();
  return Status::Mismatch("--verify: " + DescribeFootprintMismatches(t, mismatched) + kRefusal);
}

}  // namespace

Result<uint64_t> RecheckLedgerRows(const std::string& conninfo, int jobs, uint64_t seed,
                                   const std::vector<LedgerEntry>& ledger) {
  uint64_t rows = 0;
  for (const TableDef& t : CorpusTables()) {
    std::vector<LedgerEntry> entries;
    for (const LedgerEntry& e : ledger) {
      if (e.table == t.standard_name() && e.range.count > 0) entries.push_back(e);
    }
    SKYSEED_RETURN_IF_ERROR(RecheckTable(conninfo, jobs, seed, t, entries, &rows));
    SKYSEED_RETURN_IF_ERROR(RecheckFootprints(conninfo, jobs, t));
  }
  return rows;
}

}  // namespace skyseed
