#include "verify/verify.h"

#include <algorithm>
#include <memory>
#include <string>

#include "generator/corpus_tables.h"
#include "indexes/index_audit.h"
#include "loader/pg_connection.h"
#include "publish/standard_views.h"
#include "store/manifest_store.h"
#include "tiers/corpus_hash.h"
#include "verify/pg_verify_database.h"
#include "verify/verify_database.h"
#include "verify/verify_findings.h"
#include "verify/verify_plan.h"

namespace skyseed {
namespace {

bool Less(const Digest128& a, const Digest128& b) {
  return a.hi != b.hi ? a.hi < b.hi : a.lo < b.lo;
}

// Second pass over a differing chunk: which rows are missing or changed.
Status CountRowDifferences(VerifyDatabase& database, const TableDef& t, uint64_t seed,
                           RowRange range, TableVerdict* v) {
  SKYSEED_ASSIGN_OR_RETURN(std::vector<Digest128> db, database.ScanChunkRows(t, range));
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

Status CheckTable(VerifyDatabase& db, int jobs, uint64_t seed, const TableDef& t,
                  const std::vector<LedgerEntry>& ledger, uint64_t tier_rows, TableVerdict* v,
                  TableCheck* check) {
  check->table = &t;
  check->plan = PlanTableCheck(ledger, t.standard_name(), tier_rows, kVerifyPieceRows);
  std::vector<RowRange> ranges;
  for (const VerifyChunk& c : check->plan.chunks) ranges.push_back(c.range);
  v->table = t.standard_name();
  v->chunks = ranges.size();
  SKYSEED_ASSIGN_OR_RETURN(ChunkScan scan, db.ScanTable(t, ranges));
  check->generator = HashRanges(t, seed, ranges, jobs);
  check->database = scan.digests;
  v->db_rows = scan.outside.rows;
  v->rows_unexpected = scan.outside.rows;
  for (size_t c = 0; c < ranges.size(); ++c) {
    v->expected_rows += check->generator[c].rows;
    v->db_rows += check->database[c].rows;
    if (check->Holds(c)) continue;
    ++v->chunks_differing;
    v->differing.push_back(ranges[c]);
    SKYSEED_RETURN_IF_ERROR(CountRowDifferences(db, t, seed, ranges[c], v));
  }
  return Status::Ok();
}

// The corpus indexes against their declarations (a stashed one is reported
// as set aside instead), and the stash against the catalogue.
Status CheckIndexes(VerifyDatabase& db, std::vector<std::string>* problems) {
  SKYSEED_ASSIGN_OR_RETURN(std::vector<StashEntry> stash, db.ReadStash());
  SKYSEED_ASSIGN_OR_RETURN(std::vector<std::string> built, db.StashedButBuiltIndexes());
  for (const StashEntry& e : stash) {
    if (std::find(built.begin(), built.end(), e.index_name) != built.end()) {
      problems->push_back("index " + e.index_name +
                          " is recorded as set aside in skyseed.index_stash but is built as "
                          "declared (run grow to clear the record)");
      continue;
    }
    problems->push_back("index " + e.index_name + " is set aside (run grow to rebuild it)");
  }
  SKYSEED_ASSIGN_OR_RETURN(std::vector<IndexFinding> findings, db.AuditIndexes());
  for (const IndexFinding& f : findings) {
    problems->push_back(DescribeIndexFinding(f) + " (run grow to rebuild it)");
  }
  return Status::Ok();
}

// The digests prove the literals; this proves the spoly the services query
// is the literal's polygon.
Status VerifyFootprints(VerifyDatabase& db, const TableDef& t, std::vector<std::string>* problems) {
  SKYSEED_ASSIGN_OR_RETURN(const uint64_t mismatched, db.CountFootprintMismatches(t));
  if (mismatched > 0) {
    problems->push_back(DescribeFootprintMismatches(t, mismatched));
  }
  return Status::Ok();
}

// The tables verify reads, and what their standard names hold: skyseed's
// views must be there and as declared.
Status CheckStandardNames(VerifyDatabase& db, VerifyReport* report) {
  SKYSEED_ASSIGN_OR_RETURN(std::vector<StandardNameState> states, db.InspectStandardNames());
  for (const StandardNameState& s : states) {
    report->names.push_back("reads " + s.table_name + "; " + DescribeStandardName(s));
  }
  for (const std::string& p : StandardNameProblems(states)) report->problems.push_back(p);
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
  PgVerifyDatabase db(*conn, o.conninfo, o.jobs);
  return VerifyCorpus(db, o.jobs);
}

Result<VerifyReport> VerifyCorpus(VerifyDatabase& db, int jobs) {
  SKYSEED_ASSIGN_OR_RETURN(CorpusIdentity id, db.ReadIdentity());
  SKYSEED_RETURN_IF_ERROR(CheckCorpusIdentity(id, id.seed));
  SKYSEED_ASSIGN_OR_RETURN(bool locked, db.TryLockGrow());
  if (!locked) {
    return Status::Database(
        "a skyseed grow (or another verify) is running on this database; "
        "verify after it finishes");
  }
  SKYSEED_ASSIGN_OR_RETURN(std::vector<LedgerEntry> ledger, db.ReadLedger());
  SKYSEED_ASSIGN_OR_RETURN(std::vector<TierRecord> tiers, db.ReadTiers());
  VerifyReport report;
  SKYSEED_RETURN_IF_ERROR(CheckIndexes(db, &report.problems));
  SKYSEED_RETURN_IF_ERROR(CheckStandardNames(db, &report));
  if (!tiers.empty()) report.tier = tiers.back().tier;
  if (std::optional<std::string> lost = LostTierRecords(tiers, ledger)) {
    report.problems.push_back(*lost);
  }
  std::vector<TableCheck> checks;
  std::vector<NamedTableDigest> named;
  for (const TableDef& t : CorpusTables()) {
    const uint64_t tier_rows = tiers.empty() ? 0 : RecordedTierRows(tiers.back(), t);
    TableVerdict v;
    TableCheck check;
    SKYSEED_RETURN_IF_ERROR(CheckTable(db, jobs, id.seed, t, ledger, tier_rows, &v, &check));
    SKYSEED_RETURN_IF_ERROR(VerifyFootprints(db, t, &report.problems));
    DiagnoseLedger(check, report.tier, &report.problems);
    TableDigest all;
    for (const TableDigest& d : check.generator) all.Merge(d);
    named.push_back({v.table, all});
    report.tables.push_back(v);
    checks.push_back(std::move(check));
  }
  CheckTierRecords(tiers, checks, id.seed, jobs, &report.problems);
  SKYSEED_ASSIGN_OR_RETURN(report.warnings, db.GrantsSkyseedDidNotMake());
  report.corpus_digest = CorpusDigest(named).Hex();
  return report;
}

namespace {

// "; first differing chunk: rows 16..32", or nothing when every chunk held.
std::string FirstDiffering(const TableVerdict& t) {
  if (t.differing.empty()) return "";
  const RowRange& c = t.differing.front();
  return "; first differing chunk: rows " + std::to_string(c.first) + ".." +
         std::to_string(c.end());
}

std::string FormatVerdict(const VerifyReport& r) {
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
           std::to_string(t.rows_unexpected) + " unexpected" + FirstDiffering(t) + "\n";
  }
  for (const std::string& p : r.problems) out += "PROBLEM " + p + "\n";
  if (!out.empty() && out.back() == '\n') out.pop_back();
  return out;
}

}  // namespace

std::string FormatVerifyReport(const VerifyReport& r) {
  std::string out = FormatVerdict(r);
  for (const std::string& w : r.warnings) {
    out += "\nWARNING a grant skyseed did not make (revoke it to unpublish): " + w;
  }
  return out;
}

}  // namespace skyseed
