#include "tiers/verify.h"

#include <algorithm>
#include <memory>

#include "generator/corpus_tables.h"
#include "loader/pg_connection.h"
#include "schema/corpus_schema.h"
#include "tiers/advisory_locks.h"
#include "tiers/corpus_hash.h"
#include "tiers/manifest_store.h"
#include "tiers/parallel_chunks.h"
#include "tiers/table_scan.h"

namespace skyseed {
namespace {

bool Less(const Digest128& a, const Digest128& b) {
  return a.hi != b.hi ? a.hi < b.hi : a.lo < b.lo;
}

// What the generator says each ledger chunk must hold.
std::vector<TableDigest> ExpectedChunks(const TableDef& t, uint64_t seed,
                                        const std::vector<RowRange>& chunks, int jobs) {
  std::vector<TableDigest> out(chunks.size());
  std::vector<std::unique_ptr<ByteBuffer>> buffers;
  for (int w = 0; w < jobs; ++w) buffers.push_back(std::make_unique<ByteBuffer>());
  RunParallel(chunks.size(), jobs, [&](size_t i, int w) {
    out[i] = HashRange(t, seed, chunks[i], buffers[w].get());
    return Status::Ok();
  });
  return out;
}

// Second pass over a differing chunk: which rows are missing or changed.
Status CountRowDifferences(const VerifyOptions& o, const TableDef& t, uint64_t seed, RowRange range,
                           TableVerdict* v) {
  SKYSEED_ASSIGN_OR_RETURN(std::vector<Digest128> db, ScanChunkRows(o.conninfo, t, range));
  std::vector<Digest128> gen;
  ByteBuffer buf;
  for (uint64_t i = range.first; i < range.end(); ++i) {
    buf.clear();
    TableDigest d;
    t.encode(seed, {i, 1}, &buf, &d);
    gen.push_back(d.sum);
  }
  std::sort(gen.begin(), gen.end(), Less);
  std::vector<Digest128> only_gen, only_db;
  std::set_difference(gen.begin(), gen.end(), db.begin(), db.end(), std::back_inserter(only_gen),
                      Less);
  std::set_difference(db.begin(), db.end(), gen.begin(), gen.end(), std::back_inserter(only_db),
                      Less);
  v->rows_missing_or_changed += only_gen.size();
  v->rows_unexpected += only_db.size();
  return Status::Ok();
}

Status VerifyTable(const VerifyOptions& o, uint64_t seed, const TableDef& t,
                   const std::vector<LedgerEntry>& ledger, TableVerdict* v,
                   std::vector<std::string>* problems) {
  std::vector<RowRange> chunks;
  std::vector<LedgerEntry> entries;
  for (const LedgerEntry& e : ledger) {
    if (e.table == t.qualified_name()) entries.push_back(e);
  }
  std::sort(entries.begin(), entries.end(), [](const LedgerEntry& a, const LedgerEntry& b) {
    return a.range.first < b.range.first;
  });
  for (const LedgerEntry& e : entries) chunks.push_back(e.range);
  v->table = t.qualified_name();
  v->chunks = chunks.size();
  SKYSEED_ASSIGN_OR_RETURN(ChunkScan scan, ScanTable(o.conninfo, o.jobs, t, chunks));
  const std::vector<TableDigest> expected = ExpectedChunks(t, seed, chunks, o.jobs);
  v->db_rows = scan.outside.rows;
  v->rows_unexpected = scan.outside.rows;
  for (size_t c = 0; c < chunks.size(); ++c) {
    v->expected_rows += expected[c].rows;
    v->db_rows += scan.digests[c].rows;
    if (expected[c].sum != entries[c].digest) {
      problems->push_back(v->table + ": ledger digest of rows " + std::to_string(chunks[c].first) +
                          ".. disagrees with the generator");
    }
    if (scan.digests[c] == expected[c]) continue;
    ++v->chunks_differing;
    SKYSEED_RETURN_IF_ERROR(CountRowDifferences(o, t, seed, chunks[c], v));
  }
  return Status::Ok();
}

// The digests prove the literals; this proves the spoly the services query
// is the literal's polygon (one parse per row, in a parallel scan).
Status VerifyFootprints(PgConnection& conn, const TableDef& t, std::vector<std::string>* problems) {
  if (!t.footprint_column) return Status::Ok();
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(conn.Query(FootprintMismatchSql(t, conn.IdentQuoter()), &r));
  if (r.text(0, 0) != "0") {
    problems->push_back(t.qualified_name() + ": " + r.text(0, 0) + " rows hold a " +
                        t.footprint_column + " that is not the polygon of " + LiteralColumn(t));
  }
  return Status::Ok();
}

}  // namespace

bool VerifyReport::ok() const {
  if (!problems.empty()) return false;
  for (const TableVerdict& t : tables) {
    if (!t.ok() || t.rows_unexpected > 0) return false;
  }
  return true;
}

Result<VerifyReport> Verify(const VerifyOptions& o) {
  SKYSEED_ASSIGN_OR_RETURN(std::unique_ptr<PgConnection> conn, PgConnection::Connect(o.conninfo));
  SKYSEED_ASSIGN_OR_RETURN(CorpusIdentity id, ReadCorpusIdentity(*conn));
  SKYSEED_RETURN_IF_ERROR(CheckCorpusIdentity(id, id.seed));
  SKYSEED_ASSIGN_OR_RETURN(bool locked, TryAdvisoryLock(*conn, kGrowLockKey));
  if (!locked) {
    return Status::Database(
        "a skyseed grow (or another verify) is running on this database; "
        "verify after it finishes");
  }
  SKYSEED_ASSIGN_OR_RETURN(std::vector<LedgerEntry> ledger, ReadLedger(*conn));
  SKYSEED_ASSIGN_OR_RETURN(std::vector<TierRecord> tiers, ReadTiers(*conn));
  Result<std::vector<StashEntry>> stash = ReadStash(*conn);
  if (!stash.ok()) return stash.status();
  VerifyReport report;
  for (const StashEntry& e : *stash) {
    report.problems.push_back("index " + e.index_name + " is set aside (run grow to rebuild it)");
  }
  std::vector<NamedTableDigest> named;
  for (const TableDef& t : CorpusTables()) {
    TableVerdict v;
    SKYSEED_RETURN_IF_ERROR(VerifyTable(o, id.seed, t, ledger, &v, &report.problems));
    SKYSEED_RETURN_IF_ERROR(VerifyFootprints(*conn, t, &report.problems));
    named.push_back({v.table, LedgerDigest(ledger, v.table)});
    report.tables.push_back(v);
  }
  const Digest128 corpus = CorpusDigest(named);
  report.corpus_digest = corpus.Hex();
  if (!tiers.empty()) {
    const TierRecord& last = tiers.back();
    report.tier = last.tier;
    if (last.corpus != corpus) {
      report.problems.push_back("rows beyond tier " + last.tier +
                                " are loaded (an unfinished grow); its recorded digest is " +
                                last.corpus.Hex());
    }
  }
  return report;
}

std::string FormatVerifyReport(const VerifyReport& r) {
  std::string out;
  if (r.ok()) {
    out = "OK " + (r.tier.empty() ? std::string("(no tier recorded)") : "tier " + r.tier) + ":";
    for (const TableVerdict& t : r.tables)
      out += " " + t.table + " " + std::to_string(t.db_rows) + " rows;";
    return out + " corpus " + r.corpus_digest;
  }
  for (const TableVerdict& t : r.tables) {
    if (t.ok() && t.rows_unexpected == 0) continue;
    out += "MISMATCH " + t.table + ": " + std::to_string(t.db_rows) + " rows in the database, " +
           std::to_string(t.expected_rows) + " expected; " + std::to_string(t.chunks_differing) +
           " of " + std::to_string(t.chunks) + " chunks differ; " +
           std::to_string(t.rows_missing_or_changed) + " rows missing or changed, " +
           std::to_string(t.rows_unexpected) + " unexpected\n";
  }
  for (const std::string& p : r.problems) out += "PROBLEM " + p + "\n";
  if (!out.empty() && out.back() == '\n') out.pop_back();
  return out;
}

}  // namespace skyseed
