#include "store/record_audit.h"

#include <algorithm>
#include <optional>
#include <string>

#include "generator/obscore_row.h"
#include "generator/sky_steps.h"
#include "generator/source_row.h"

namespace skyseed {
namespace {

Status Damaged(const TierRecord& t, const std::string& what) {
  return Status::Corruption("the record of tier " + t.tier +
                            " (skyseed.tier / skyseed.tier_table) " + what +
                            ": it was changed outside skyseed, so nothing is grown on it "
                            "(skyseed verify names the damage; grow a fresh database)");
}

// The ledger chunks of `table` below `rows`, which must tile [0, rows).
Result<TableDigest> LedgerBelow(const std::vector<LedgerEntry>& ledger, const std::string& table,
                                uint64_t rows) {
  std::vector<const LedgerEntry*> chunks;
  for (const LedgerEntry& e : ledger) {
    if (e.table == table && e.range.first < rows) chunks.push_back(&e);
  }
  std::sort(chunks.begin(), chunks.end(), [](const LedgerEntry* a, const LedgerEntry* b) {
    return a->range.first < b->range.first;
  });
  TableDigest sum;
  uint64_t next = 0;
  for (const LedgerEntry* e : chunks) {
    if (e->range.first != next || e->range.end() > rows) {
      return Status::Corruption("the chunk ledger of " + table + " does not tile rows [0, " +
                                std::to_string(rows) + ")");
    }
    sum.Merge(TableDigest{e->range.count, e->digest});
    next = e->range.end();
  }
  if (next != rows) {
    return Status::Corruption("the chunk ledger of " + table + " holds " + std::to_string(next) +
                              " of its " + std::to_string(rows) + " rows");
  }
  return sum;
}

// The rows a named tier holds, or nullopt for another name (size-*).
std::optional<uint64_t> NamedTierRows(const std::string& tier, const std::string& table) {
  for (const NamedStepEnd& end : NamedStepEnds()) {
    if (tier != end.tier) continue;
    return table == CorpusTableWithId(kObsCoreTableId).standard_name() ? end.obscore_rows
                                                                       : end.source_rows;
  }
  return std::nullopt;
}

}  // namespace

Status AuditTierRecords(const std::vector<TierRecord>& tiers,
                        const std::vector<LedgerEntry>& ledger) {
  for (const TierRecord& t : tiers) {
    std::vector<NamedTableDigest> named;
    for (const TierTableRecord& r : t.tables) {
      if (FindTable(r.table) == nullptr) return Damaged(t, "names an unknown table " + r.table);
      const std::optional<uint64_t> rows = NamedTierRows(t.tier, r.table);
      if (rows && *rows != r.digest.rows) {
        return Damaged(t, "says " + r.table + " holds " + std::to_string(r.digest.rows) +
                              " rows; tier " + t.tier + " has " + std::to_string(*rows));
      }
      const Result<TableDigest> chunks = LedgerBelow(ledger, r.table, r.digest.rows);
      if (!chunks.ok())
        return Damaged(t, "disagrees with the chunk ledger: " + chunks.status().message());
      if (!(chunks->sum == r.digest.sum)) {
        return Damaged(t, "gives " + r.table + " digest " + r.digest.sum.Hex() +
                              "; the ledger's chunks sum to " + chunks->sum.Hex());
      }
      named.push_back({r.table, r.digest});
    }
    if (named.size() != CorpusTables().size()) {
      return Damaged(t, "lists " + std::to_string(named.size()) + " tables");
    }
    // The corpus digest reads the tables in CorpusTables() order.
    std::sort(named.begin(), named.end(), [](const NamedTableDigest& a, const NamedTableDigest& b) {
      return FindTable(a.table)->index < FindTable(b.table)->index;
    });
    if (!(CorpusDigest(named) == t.corpus)) {
      return Damaged(t, "gives corpus digest " + t.corpus.Hex() + "; its tables' digests make " +
                            CorpusDigest(named).Hex());
    }
  }
  return Status::Ok();
}

std::vector<NamedTableDigest> RecordedRows(const std::vector<TierRecord>& tiers) {
  std::vector<NamedTableDigest> out;
  for (const TableDef& t : CorpusTables()) out.push_back({t.standard_name(), {}});
  for (const TierRecord& record : tiers) {
    for (const TierTableRecord& r : record.tables) {
      for (NamedTableDigest& o : out) {
        if (o.table == r.table && r.digest.rows > o.digest.rows) o.digest = r.digest;
      }
    }
  }
  return out;
}

bool LedgerHoldsTier(const TierRecord& tier, const std::vector<LedgerEntry>& ledger) {
  for (const TierTableRecord& table : tier.tables) {
    if (!(LedgerDigest(ledger, table.table) == table.digest)) return false;
  }
  return !tier.tables.empty();
}

const TierRecord* HeldTier(const std::vector<TierRecord>& tiers,
                           const std::vector<LedgerEntry>& ledger) {
  const TierRecord* held = nullptr;
  for (const TierRecord& t : tiers) {
    if (LedgerHoldsTier(t, ledger)) held = &t;
  }
  return held;
}

}  // namespace skyseed
