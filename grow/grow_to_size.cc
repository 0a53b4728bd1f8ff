#include "grow/grow_to_size.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <vector>

#include "generator/obscore_row.h"
#include "grow/tier_measure.h"
#include "store/manifest_store.h"

namespace skyseed {
namespace {

constexpr int kMaxRounds = 30;

// Every table's rows as the ledger holds them.
TableRows LedgerCounts(const std::vector<LedgerEntry>& ledger) {
  TableRows counts{};
  for (const TableDef& t : CorpusTables()) counts[t.index] = LedgerRows(ledger, t.standard_name());
  return counts;
}

}  // namespace

uint64_t NextLeadRows(uint64_t lead_rows, uint64_t database_size, uint64_t target_size) {
  const double per_row = lead_rows > 0 ? static_cast<double>(database_size) / lead_rows : 6000.0;
  const double missing = static_cast<double>(target_size) - static_cast<double>(database_size);
  // The floor closes in on the target in a round or two without passing it
  // by more than ~1 % (a fixed floor, a tenth of a chunk, overshot a 70 MB
  // target by 29 % once the btrees were rebuilt compact each round).
  const uint64_t step =
      std::max<uint64_t>(std::llround(missing / per_row * 0.97), lead_rows / 100 + 1);
  return lead_rows + step;
}

Status GrowToSize(GrowContext& ctx) {
  const auto start = std::chrono::steady_clock::now();
  const TableDef& lead = CorpusTableWithId(kObsCoreTableId);
  PhaseTimes phases;
  // Also when a killed run already loaded enough and only the record is left.
  SKYSEED_RETURN_IF_ERROR(CheckLedgerOnce(ctx));
  for (int round = 0; round < kMaxRounds; ++round) {
    SKYSEED_ASSIGN_OR_RETURN(std::vector<LedgerEntry> ledger, ctx.db.ReadLedger());
    SKYSEED_ASSIGN_OR_RETURN(uint64_t size, ctx.db.DatabaseSize());
    const uint64_t have = LedgerRows(ledger, lead.standard_name());
    if (size >= ctx.plan.target_size && have > 0) {
      // A killed run may have loaded enough and left indexes set aside.
      SKYSEED_RETURN_IF_ERROR(BuildStashedIndexes(ctx, &phases));
      SKYSEED_RETURN_IF_ERROR(ctx.db.VacuumAnalyze(&phases));
      return ctx.db.RecordReached(ctx.plan.target_name, LedgerCounts(ledger), SecondsSince(start),
                                  phases);
    }
    const uint64_t next = NextLeadRows(have, size, ctx.plan.target_size);
    SKYSEED_RETURN_IF_ERROR(
        GrowToCounts(ctx, RowsInProportion(ReferenceTier(), lead, next), &phases));
  }
  return Status::Database("target size not reached after " + std::to_string(kMaxRounds) +
                          " rounds");
}

}  // namespace skyseed
