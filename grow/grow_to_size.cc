#include "grow/grow_to_size.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <vector>

#include "generator/obscore_row.h"
#include "generator/sky_steps.h"
#include "grow/tier_measure.h"
#include "store/manifest_store.h"

namespace skyseed {
namespace {

// Every table's rows as the ledger holds them.
TableRows LedgerCounts(const std::vector<LedgerEntry>& ledger) {
  TableRows counts{};
  for (const TableDef& t : CorpusTables()) counts[t.index] = LedgerRows(ledger, t.standard_name());
  return counts;
}

}  // namespace

TableRows StepEndRows(size_t k) {
  TableRows rows{};
  for (const TableDef& t : CorpusTables()) rows[t.index] = StepEnd(t.id, k);
  return rows;
}

std::optional<TableRows> NextStepRows(const TableRows& have) {
  for (size_t k = 0;; ++k) {
    const TableRows end = StepEndRows(k);
    bool covers = true, passed = true;
    for (size_t i = 0; i < have.size(); ++i) {
      covers = covers && end[i] >= have[i];
      passed = passed && end[i] <= have[i];
    }
    if (covers && end != have) return end;
    // Some table beyond this step's end and another short of it.
    if (!covers && !passed) return std::nullopt;
  }
}

bool AtStepEnd(const TableRows& have) {
  if (have == TableRows{}) return true;
  for (size_t k = 0;; ++k) {
    const TableRows end = StepEndRows(k);
    if (end == have) return true;
    for (size_t i = 0; i < have.size(); ++i) {
      if (end[i] > have[i]) return false;
    }
  }
}

Status GrowToSize(GrowContext& ctx) {
  const auto start = std::chrono::steady_clock::now();
  PhaseTimes phases;
  // Also when a killed run already loaded enough and only the record is left.
  SKYSEED_RETURN_IF_ERROR(CheckLedgerOnce(ctx));
  for (;;) {
    SKYSEED_ASSIGN_OR_RETURN(std::vector<LedgerEntry> ledger, ctx.db.ReadLedger());
    SKYSEED_ASSIGN_OR_RETURN(uint64_t size, ctx.db.DatabaseSize());
    const TableRows have = LedgerCounts(ledger);
    if (size >= ctx.plan.target_size && have != TableRows{} && AtStepEnd(have)) {
      // A killed run may have loaded enough and left indexes set aside.
      SKYSEED_RETURN_IF_ERROR(BuildStashedIndexes(ctx, &phases));
      SKYSEED_RETURN_IF_ERROR(ctx.db.VacuumAnalyze(&phases));
      return ctx.db.RecordReached(ctx.plan.target_name, have, SecondsSince(start), phases);
    }
    const std::optional<TableRows> next = NextStepRows(have);
    if (!next) {
      return Status::Database(
          "--target-size: the chunk ledger's rows end inside different sky steps, which no "
          "skyseed grow leaves; verify the database");
    }
    SKYSEED_RETURN_IF_ERROR(GrowToCounts(ctx, *next, &phases));
  }
}

}  // namespace skyseed
