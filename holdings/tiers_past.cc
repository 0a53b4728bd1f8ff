#include "holdings/tiers_past.h"

#include <vector>

#include "generator/corpus_tables.h"
#include "store/chunk_ledger.h"
#include "store/manifest_store.h"
#include "sweep/tier_measure.h"
#include "sweep_record/sweep_store.h"

namespace skyseed {
namespace {

// The first table holding more rows than `tier`, or nullptr.
const TableDef* TablePast(const std::vector<LedgerEntry>& ledger, const TierSpec& tier) {
  for (const TableDef& t : CorpusTables()) {
    if (LedgerRows(ledger, t.standard_name()) > tier.RowsOf(t)) return &t;
  }
  return nullptr;
}

// The tier's windows this sweep (`key`) recorded; none when the tier was
// never recorded (nothing can have been measured on it).
Result<std::vector<SweepWindow>> RecordedWindows(PgConnection& conn,
                                                 const std::vector<TierRecord>& tiers,
                                                 const std::string& key, const TierSpec& tier) {
  for (const TierRecord& t : tiers) {
    if (t.tier == tier.name) return ReadSweepWindows(conn, key, tier.name, t.corpus.Hex());
  }
  return std::vector<SweepWindow>{};
}

}  // namespace

Status CheckTiersNotPast(PgConnection& conn, const SweepOptions& o) {
  Result<CorpusIdentity> id = ReadCorpusIdentity(conn);
  if (!id.ok()) return id.status().code() == Status::Code::kNotFound ? Status::Ok() : id.status();
  SKYSEED_ASSIGN_OR_RETURN(const std::vector<LedgerEntry> ledger, ReadLedger(conn));
  SKYSEED_ASSIGN_OR_RETURN(const std::vector<TierRecord> tiers, ReadTiers(conn));
  // Flagged windows of a tier grown past stand: --remeasure-flagged measures
  // again only on the tiers the database still holds.
  SweepOptions kept = o;
  kept.remeasure_flagged = false;
  std::vector<std::string> keys;
  if (o.measures_database()) keys.push_back(DatabaseSweepKey(o).Text());
  if (o.measures_tap()) keys.push_back(TapSweepKey(o).Text());
  for (const TierSpec& tier : o.grow.tiers) {
    const TableDef* past = TablePast(ledger, tier);
    if (past == nullptr) continue;
    for (const std::string& key : keys) {
      SKYSEED_ASSIGN_OR_RETURN(const std::vector<SweepWindow> done,
                               RecordedWindows(conn, tiers, key, tier));
      if (!WindowsLeftToMeasure(kept, done)) continue;
      const std::string table = past->standard_name();
      return Status::InvalidArgument(
          "--tier " + tier.name + ": the database has grown past " + tier.name + " (" + table +
          " holds " + std::to_string(LedgerRows(ledger, table)) + " rows, " + tier.name + " " +
          std::to_string(tier.RowsOf(*past)) + "); this sweep's windows of " + tier.name +
          " are not all recorded and cannot be measured on these rows: sweep " + tier.name +
          " in a database of its own (--database NAME, or dbname in --db), or leave it out of "
          "--tier");
    }
  }
  return Status::Ok();
}

}  // namespace skyseed
