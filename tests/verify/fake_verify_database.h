// An in-memory VerifyDatabase (verify/verify_database.h): the bookkeeping
// and the catalogue's facts as plain fields, and each table as the binary
// COPY tuples a COPY TO would return (in any order, as a heap's), read back
// by the row index each key encodes, as the server's scan buckets them. A
// test builds the rows with the generator, damages what it means to, and
// reads what verify reports.
#pragma once

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "generator/corpus_tables.h"
#include "verify/verify_database.h"

namespace skyseed {

class FakeVerifyDatabase final : public VerifyDatabase {
 public:
  CorpusIdentity identity{0, kGeneratorVersion};
  Status identity_status;     // not ok: there is no corpus
  bool grow_running = false;  // another holds grow's lock
  std::vector<LedgerEntry> ledger;
  std::vector<TierRecord> tiers;
  std::vector<StashEntry> stash;
  std::vector<std::string> stashed_but_built;
  std::vector<IndexFinding> index_findings;
  std::vector<StandardNameState> names;
  std::vector<std::string> grants;
  std::map<std::string, std::vector<std::string>> rows;  // by standard name
  std::map<std::string, uint64_t> footprint_mismatches;  // by standard name
  int scans = 0;                                         // tables read back

  Result<CorpusIdentity> ReadIdentity() override {
    if (!identity_status.ok()) return identity_status;
    return identity;
  }
  Result<bool> TryLockGrow() override { return !grow_running; }
  Result<std::vector<LedgerEntry>> ReadLedger() override { return ledger; }
  Result<std::vector<TierRecord>> ReadTiers() override { return tiers; }
  Result<std::vector<StashEntry>> ReadStash() override { return stash; }
  Result<std::vector<std::string>> StashedButBuiltIndexes() override { return stashed_but_built; }
  Result<std::vector<IndexFinding>> AuditIndexes() override { return index_findings; }
  Result<std::vector<StandardNameState>> InspectStandardNames() override { return names; }
  Result<std::vector<std::string>> GrantsSkyseedDidNotMake() override { return grants; }

  Result<ChunkScan> ScanTable(const TableDef& t, std::vector<RowRange> chunks) override {
    ++scans;
    std::sort(chunks.begin(), chunks.end(),
              [](const RowRange& a, const RowRange& b) { return a.first < b.first; });
    ChunkScan scan{chunks, std::vector<TableDigest>(chunks.size()), {}};
    for (const std::string& tuple : rows[t.standard_name()]) {
      const uint64_t row = RowIndexOfTuple(t, tuple);
      TableDigest* into = &scan.outside;
      for (size_t c = 0; c < chunks.size(); ++c) {
        if (row >= chunks[c].first && row < chunks[c].end()) into = &scan.digests[c];
      }
      into->AddRow(tuple.data(), tuple.size());
    }
    return scan;
  }
  Result<std::vector<Digest128>> ScanChunkRows(const TableDef& t, RowRange range) override {
    std::vector<Digest128> hashes;
    for (const std::string& tuple : rows[t.standard_name()]) {
      const uint64_t row = RowIndexOfTuple(t, tuple);
      if (row >= range.first && row < range.end()) {
        hashes.push_back(RowHash(tuple.data(), tuple.size()));
      }
    }
    std::sort(hashes.begin(), hashes.end(), [](const Digest128& a, const Digest128& b) {
      return a.hi != b.hi ? a.hi < b.hi : a.lo < b.lo;
    });
    return hashes;
  }
  Result<uint64_t> CountFootprintMismatches(const TableDef& t) override {
    return footprint_mismatches[t.standard_name()];
  }
};

}  // namespace skyseed
