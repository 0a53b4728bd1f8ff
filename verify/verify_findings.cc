#include "verify/verify_findings.h"

#include <algorithm>

#include "tiers/corpus_hash.h"

namespace skyseed {
namespace {

std::string RowsText(RowRange r) {
  return "rows " + std::to_string(r.first) + ".." + std::to_string(r.end());
}

// The generator's digest of rows [0, rows), reusing the chunks' digests.
TableDigest GeneratorPrefix(const TableCheck& c, uint64_t seed, uint64_t rows, int jobs) {
  const PrefixPlan plan = PlanPrefix(c.plan.chunks, rows, kVerifyPieceRows);
  TableDigest d;
  for (size_t i : plan.whole) d.Merge(c.generator[i]);
  for (const TableDigest& piece : HashRanges(*c.table, seed, plan.to_hash, jobs)) d.Merge(piece);
  return d;
}

std::string DigestText(const TableDigest& d) {
  return std::to_string(d.rows) + " rows, digest " + d.sum.Hex();
}

}  // namespace

void DiagnoseLedger(const TableCheck& c, const std::string& tier,
                    std::vector<std::string>* problems) {
  const std::string table = c.table->standard_name();
  const std::string damaged = "the chunk ledger is damaged: ";
  const TablePlan& p = c.plan;
  if (p.tier_rows_in_ledger < p.tier_rows) {
    bool held = true;
    for (size_t i = 0; i < p.chunks.size(); ++i) {
      if (!p.chunks[i].ledger_digest && !c.Holds(i)) held = false;
    }
    problems->push_back(damaged + "it accounts for " + std::to_string(p.tier_rows_in_ledger) +
                        " of the " + std::to_string(p.tier_rows) + " rows of " + table +
                        " that tier " + tier + " recorded" + (held ? " and the table holds" : ""));
  }
  if (p.overlapping_entries > 0) {
    problems->push_back(damaged + std::to_string(p.overlapping_entries) + " entries of " + table +
                        " overlap others");
  }
  uint64_t beyond = 0;
  for (size_t i = 0; i < p.chunks.size(); ++i) {
    const VerifyChunk& v = p.chunks[i];
    if (!v.ledger_digest) continue;
    if (*v.ledger_digest != c.generator[i].sum) {
      problems->push_back(damaged + "its digest of " + table + " " + RowsText(v.range) +
                          " disagrees with the generator" +
                          (c.Holds(i) ? " (the table's rows agree)" : ""));
    }
    if (v.range.end() > p.tier_rows && c.Holds(i)) {
      beyond += v.range.end() - std::max(v.range.first, p.tier_rows);
    }
  }
  if (!tier.empty() && beyond > 0) {
    problems->push_back("rows beyond tier " + tier +
                        " are loaded (an unfinished grow): " + std::to_string(beyond) +
                        " rows of " + table + " past its " + std::to_string(p.tier_rows));
  }
}

void CheckTierRecords(const std::vector<TierRecord>& tiers, const std::vector<TableCheck>& checks,
                      uint64_t seed, int jobs, std::vector<std::string>* problems) {
  for (const TierRecord& rec : tiers) {
    std::vector<NamedTableDigest> generator;
    for (const TableCheck& c : checks) {
      const TableDigest want = GeneratorPrefix(c, seed, RecordedTierRows(rec, *c.table), jobs);
      generator.push_back({c.table->standard_name(), want});
      const auto it = std::find_if(
          rec.tables.begin(), rec.tables.end(),
          [&](const TierTableRecord& t) { return t.table == c.table->standard_name(); });
      if (it == rec.tables.end()) {
        problems->push_back("tier " + rec.tier + " has no record of " + c.table->standard_name());
      } else if (!(it->digest == want)) {
        problems->push_back("tier " + rec.tier + " record of " + it->table + " (" +
                            DigestText(it->digest) + ") disagrees with the generator (" +
                            DigestText(want) + ")");
      }
    }
    const Digest128 corpus = CorpusDigest(generator);
    if (rec.corpus != corpus) {
      problems->push_back("tier " + rec.tier + " recorded corpus digest " + rec.corpus.Hex() +
                          "; the generator's is " + corpus.Hex());
    }
  }
}

std::optional<std::string> LostTierRecords(const std::vector<TierRecord>& tiers,
                                           const std::vector<LedgerEntry>& ledger) {
  if (!tiers.empty() || ledger.empty()) return std::nullopt;
  uint64_t rows = 0;
  for (const LedgerEntry& e : ledger) rows += e.range.count;
  return "no tier is recorded, yet the chunk ledger holds " + std::to_string(ledger.size()) +
         " chunks (" + std::to_string(rows) +
         " rows): the tier records are lost, or a first grow did not finish (run grow to finish "
         "it or record the tier again)";
}

}  // namespace skyseed
