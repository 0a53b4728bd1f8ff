#include "grow/grow_steps.h"

#include <algorithm>
#include <chrono>
#include <functional>
#include <optional>
#include <vector>

#include "common/cpu_clock.h"
#include "grow/corpus_load.h"
#include "grow/load_plan.h"
#include "indexes/index_strategy.h"
#include "schema/corpus_schema.h"
#include "store/record_audit.h"
#include "tiers/corpus_hash.h"

namespace skyseed {
namespace {

Result<std::vector<Chunk>> PlanLoad(const std::vector<LedgerEntry>& ledger, const TableRows& counts,
                                    const GrowContext& ctx) {
  const CorpusFileSet* files = ctx.run.files;
  if (files) return PlanFileLoad(ledger, counts, files->Chunks(), files->tier().name);
  return PlanGeneratedLoad(ledger, counts, {ctx.plan.chunk_rows, ctx.plan.shard, ctx.plan.shards});
}

// Sets aside the indexes cheaper to rebuild after this step, and builds the
// stashed GiSTs that are to grow with the load. Shards leave every build to
// the one that finishes the tier.
Status PrepareIndexes(GrowContext& ctx, const std::vector<LedgerEntry>& ledger,
                      const std::vector<Chunk>& chunks, PhaseTimes* phases) {
  SKYSEED_ASSIGN_OR_RETURN(std::vector<StashEntry> stash, ctx.db.ReadStash());
  const std::vector<IndexDef> indexes = CorpusIndexes(ctx.db.IdentQuoter());
  const bool gist_live = ctx.plan.gist_during_load && !ctx.plan.sharded();
  for (const IndexDef* idx : IndexesToSetAside(indexes, stash, ledger, chunks, gist_live)) {
    SKYSEED_RETURN_IF_ERROR(ctx.db.SetAsideIndex(*idx));
  }
  if (!gist_live) return Status::Ok();
  return ctx.db.BuildIndexes(IndexesToBuildFirst(indexes, stash, ledger, chunks, gist_live),
                             phases);
}

// Everything after it trusts the ledger: a ledger that lost entries would
// load rows again, and a hole it vouches for would be recorded as a tier.
// Every ledger chunk's digest against the generator's for its rows, so an
// edited one is never summed into the next record. Below a record the sums
// already agree; two digests swapped between chunks keep them so, and
// verify (which reads the rows) would fail from the next record on. The
// hashing runs on the grow's --jobs threads: at D4 about half a minute on
// two cores, beside the ledger audit's scan of every table.
Status CheckLedgerDigests(const std::vector<LedgerEntry>& ledger,
                          const std::vector<TierRecord>& tiers, uint64_t seed, int threads) {
  const std::vector<NamedTableDigest> recorded = RecordedRows(tiers);
  for (const TableDef& table : CorpusTables()) {
    std::vector<const LedgerEntry*> entries;
    std::vector<RowRange> ranges;
    for (const LedgerEntry& e : ledger) {
      if (e.table != table.standard_name()) continue;
      entries.push_back(&e);
      ranges.push_back(e.range);
    }
    const std::vector<TableDigest> expected = HashRanges(table, seed, ranges, threads);
    for (size_t i = 0; i < entries.size(); ++i) {
      const LedgerEntry& e = *entries[i];
      if (expected[i].sum == e.digest) continue;
      const bool below = e.range.first < recorded[table.index].digest.rows;
      return Status::Corruption(
          "the chunk ledger's digest of " + e.table + " rows [" + std::to_string(e.range.first) +
          ", " + std::to_string(e.range.end()) + ") is " + e.digest.Hex() +
          "; the generator's is " + expected[i].sum.Hex() +
          (below ? " (a chunk a tier record vouches for: digests swapped or moved keep the "
                   "record's sum)"
                 : "") +
          ": the ledger was changed outside skyseed, so nothing is grown on it (skyseed verify "
          "names the damage)");
    }
  }
  for (const LedgerEntry& e : ledger) {
    if (FindTable(e.table) == nullptr) {
      return Status::Corruption("the chunk ledger names an unknown table " + e.table);
    }
  }
  return Status::Ok();
}

// Every set-aside index is one skyseed declares, before any is set aside or
// a row loaded: an unknown one could never be rebuilt, and every rerun would
// fail after loading.
Status CheckStash(GrowContext& ctx) {
  SKYSEED_ASSIGN_OR_RETURN(std::vector<StashEntry> stash, ctx.db.ReadStash());
  const std::vector<IndexDef> indexes = CorpusIndexes(ctx.db.IdentQuoter());
  for (const StashEntry& e : stash) {
    const bool declared = std::any_of(indexes.begin(), indexes.end(), [&](const IndexDef& i) {
      return i.name == e.index_name && i.table->standard_name() == e.table;
    });
    if (!declared) {
      return Status::Corruption("skyseed.index_stash names index " + e.index_name + " of " +
                                e.table +
                                ", which skyseed does not declare: it was changed outside "
                                "skyseed, so nothing is grown on it");
    }
  }
  return Status::Ok();
}

}  // namespace

Status CheckLedgerOnce(GrowContext& ctx) {
  if (ctx.ledger_checked) return Status::Ok();
  SKYSEED_RETURN_IF_ERROR(CheckStash(ctx));
  const GrowPlan& o = ctx.plan;
  SKYSEED_ASSIGN_OR_RETURN(LedgerAudit audit, ctx.db.AuditLedger());
  SKYSEED_ASSIGN_OR_RETURN(std::vector<TierRecord> tiers, ctx.db.ReadTiers());
  SKYSEED_RETURN_IF_ERROR(AuditTierRecords(tiers, audit.ledger));
  SKYSEED_RETURN_IF_ERROR(CheckLedgerDigests(audit.ledger, tiers, o.seed, o.jobs));
  if (audit.chunks > 0 && o.verify) {
    SKYSEED_ASSIGN_OR_RETURN(uint64_t rows, ctx.db.RecheckLedgerRows(audit.ledger));
    ctx.run.narrator->Say("--verify: re-read the " + std::to_string(rows) +
                          " rows already loaded; every ledger chunk matches the generator");
  } else if (audit.chunks > 0) {
    ctx.run.narrator->Say(
        "ledger checked: the tables hold the " + std::to_string(audit.rows) + " rows of its " +
        std::to_string(audit.chunks) +
        " chunks, by count per chunk, and each chunk's digest is the generator's; values not "
        "re-read (grow --verify does that)");
  }
  ctx.ledger_checked = true;
  return Status::Ok();
}

Status LoadMissing(GrowContext& ctx, const TableRows& counts, PhaseTimes* phases) {
  if (!ctx.ledger_checked) {
    const std::function<double()> checking = ctx.db.StartControlClock();
    SKYSEED_RETURN_IF_ERROR(CheckLedgerOnce(ctx));
    phases->tasks["check ledger"] += checking();
  }
  SKYSEED_ASSIGN_OR_RETURN(std::vector<LedgerEntry> ledger, ctx.db.ReadLedger());
  SKYSEED_RETURN_IF_ERROR(CheckOnlyGrows(ledger, counts));
  const Result<std::vector<Chunk>> chunks = PlanLoad(ledger, counts, ctx);
  if (!chunks.ok()) return chunks.status();
  SKYSEED_RETURN_IF_ERROR(PrepareIndexes(ctx, ledger, *chunks, phases));
  // Shards leave the index builds to the one that finishes the tier.
  return ctx.db.LoadChunks(*chunks, !ctx.plan.sharded(), phases);
}

Status BuildStashedIndexes(GrowContext& ctx, PhaseTimes* phases) {
  const auto start = std::chrono::steady_clock::now();
  // A declared index lost outside skyseed (dropped, left invalid, changed)
  // is built again with the set-aside ones, so no tier is recorded without it.
  SKYSEED_RETURN_IF_ERROR(ctx.db.RebuildSetAsideIndexes(phases));
  PhaseTimes::Add(&phases->indexes, SecondsSince(start));
  return Status::Ok();
}

Status GrowToCounts(GrowContext& ctx, const TableRows& counts, PhaseTimes* phases) {
  SKYSEED_RETURN_IF_ERROR(LoadMissing(ctx, counts, phases));
  return BuildStashedIndexes(ctx, phases);
}

Status GrowAndRecord(GrowContext& ctx, const std::string& tier, const TableRows& counts) {
  const auto start = std::chrono::steady_clock::now();
  const std::optional<double> host_start = HostBusyCpuSeconds();
  PhaseTimes phases;
  SKYSEED_RETURN_IF_ERROR(LoadMissing(ctx, counts, &phases));
  if (ctx.plan.sharded()) {
    SKYSEED_ASSIGN_OR_RETURN(bool finish, ctx.db.ShardShouldFinish(tier, counts));
    if (!finish) return Status::Ok();
  }
  SKYSEED_RETURN_IF_ERROR(BuildStashedIndexes(ctx, &phases));
  SKYSEED_RETURN_IF_ERROR(ctx.db.VacuumAnalyze(&phases));
  const double seconds = SecondsSince(start);
  if (const std::optional<double> host_end = HostBusyCpuSeconds(); host_start && host_end) {
    phases.host_busy = *host_end - *host_start;
  }
  return ctx.db.RecordReached(tier, counts, seconds, phases);
}

}  // namespace skyseed
