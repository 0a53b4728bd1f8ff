#include "tiers/grow_steps.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include "common/fault_point.h"
#include "schema/corpus_schema.h"
#include "tiers/chunk_commit.h"
#include "tiers/corpus_load.h"
#include "tiers/early_index_builds.h"
#include "tiers/index_builds.h"
#include "tiers/index_strategy.h"
#include "tiers/ledger_audit.h"
#include "tiers/ledger_recheck.h"
#include "tiers/load_plan.h"
#include "tiers/manifest_store.h"
#include "tiers/parallel_chunks.h"
#include "tiers/shard_growth.h"
#include "tiers/tier_measure.h"

namespace skyseed {
namespace {

Result<std::vector<Chunk>> PlanLoad(const std::vector<LedgerEntry>& ledger, const TableRows& counts,
                                    const GrowOptions& o) {
  if (o.files) return PlanFileLoad(ledger, counts, o.files->Chunks(), o.files->tier().name);
  return PlanGeneratedLoad(ledger, counts, {o.chunk_rows, o.shard, o.shards});
}

Status SetAsideWhereCheaper(GrowContext& ctx, const std::vector<LedgerEntry>& ledger,
                            const std::vector<Chunk>& chunks) {
  SKYSEED_ASSIGN_OR_RETURN(std::vector<StashEntry> stash, ReadStash(ctx.control));
  const std::vector<IndexDef> indexes = CorpusIndexes(ctx.control.IdentQuoter());
  for (const IndexDef* idx : IndexesToSetAside(indexes, stash, ledger, chunks)) {
    SKYSEED_RETURN_IF_ERROR(SetAsideIndex(ctx.control, *idx));
  }
  return Status::Ok();
}

// One connection per job, its commits asynchronous: a chunk and its ledger
// entry commit or vanish together, so a commit lost in a crash is simply
// loaded again and exactly-once holds.
Result<std::vector<std::unique_ptr<PgConnection>>> LoadConnections(const GrowOptions& o, int jobs) {
  std::vector<std::unique_ptr<PgConnection>> conns;
  for (int w = 0; w < jobs; ++w) {
    SKYSEED_ASSIGN_OR_RETURN(std::unique_ptr<PgConnection> c, PgConnection::Connect(o.conninfo));
    SKYSEED_RETURN_IF_ERROR((c)->Exec("SET synchronous_commit = off"));
    conns.push_back(std::move(c));
  }
  return conns;
}

// `early`, when given, hears of each table whose chunks have all committed.
Status LoadChunks(GrowContext& ctx, const std::vector<Chunk>& chunks, EarlyIndexBuilds* early) {
  const GrowOptions& o = ctx.options;
  const int jobs = std::max(1, std::min<int>(o.jobs, chunks.size()));
  SKYSEED_ASSIGN_OR_RETURN(std::vector<std::unique_ptr<PgConnection>> conns,
                           LoadConnections(o, jobs));
  std::vector<std::unique_ptr<ByteBuffer>> buffers;
  for (int w = 0; w < jobs; ++w) buffers.push_back(std::make_unique<ByteBuffer>());
  std::vector<std::string> file_streams(jobs);
  uint64_t total = 0;
  std::map<const TableDef*, size_t> chunks_left;
  for (const Chunk& c : chunks) {
    total += c.range.count;
    ++chunks_left[c.table];
  }
  std::mutex mu;
  const std::unique_ptr<ProgressMeter> progress = ctx.options.narrator->Progress("load", total);
  return RunChunks(chunks, jobs, [&](const Chunk& c, int w) -> Status {
    ByteBuffer& buf = *buffers[w];
    buf.clear();
    TableDigest d;
    std::string_view tuples;
    if (o.files) {
      SKYSEED_RETURN_IF_ERROR(o.files->ReadChecked(c, &file_streams[w], &tuples, &buf));
      d.sum = o.files->FileFor(c)->digest;
    } else {
      c.table->encode(o.seed, c.range, &buf, &d);
      tuples = buf.view();
    }
    SKYSEED_RETURN_IF_ERROR(CommitChunk(*(conns)[w], c, d.sum, tuples));
    FaultPoint("committed");
    progress->Add(c.range.count, tuples.size());
    std::lock_guard<std::mutex> lock(mu);
    if (--chunks_left[c.table] == 0 && early) early->TableLoaded(*c.table);
    return Status::Ok();
  });
}

}  // namespace

// Everything after it trusts the ledger: a ledger that lost entries would
// load rows again, and a hole it vouches for would be recorded as a tier.
Status CheckLedgerOnce(GrowContext& ctx) {
  if (ctx.ledger_checked) return Status::Ok();
  const GrowOptions& o = ctx.options;
  SKYSEED_ASSIGN_OR_RETURN(LedgerAudit audit, AuditLedger(ctx.control));
  if (audit.chunks > 0 && o.verify) {
    SKYSEED_ASSIGN_OR_RETURN(
        uint64_t rows, RecheckLedgerRows(ctx.control, o.conninfo, o.jobs, o.seed, audit.ledger));
    o.narrator->Say("--verify: re-read the " + std::to_string(rows) +
                    " rows already loaded; every ledger chunk matches the generator");
  } else if (audit.chunks > 0) {
    o.narrator->Say("ledger checked: the tables hold the " + std::to_string(audit.rows) +
                    " rows of its " + std::to_string(audit.chunks) +
                    " chunks, by count per chunk; values not re-read (grow --verify does that)");
  }
  ctx.ledger_checked = true;
  return Status::Ok();
}

Status LoadMissing(GrowContext& ctx, const TableRows& counts, PhaseTimes* phases) {
  SKYSEED_RETURN_IF_ERROR(CheckLedgerOnce(ctx));
  SKYSEED_ASSIGN_OR_RETURN(std::vector<LedgerEntry> ledger, ReadLedger(ctx.control));
  SKYSEED_RETURN_IF_ERROR(CheckOnlyGrows(ledger, counts));
  const Result<std::vector<Chunk>> chunks = PlanLoad(ledger, counts, ctx.options);
  if (!chunks.ok()) return chunks.status();
  SKYSEED_RETURN_IF_ERROR(SetAsideWhereCheaper(ctx, ledger, *chunks));
  const auto start = std::chrono::steady_clock::now();
  // Shards leave the index builds to the one that finishes the tier.
  EarlyIndexBuilds early(ctx.options);
  Status loaded;
  if (!chunks->empty()) {
    loaded = LoadChunks(ctx, *chunks, ctx.options.sharded() ? nullptr : &early);
  }
  PhaseTimes::Add(&phases->load, SecondsSince(start));
  const auto waited = std::chrono::steady_clock::now();
  const Status built = early.Finish(phases);
  PhaseTimes::Add(&phases->indexes, SecondsSince(waited));
  SKYSEED_RETURN_IF_ERROR(loaded);
  return built;
}

Status BuildStashedIndexes(GrowContext& ctx, PhaseTimes* phases) {
  const auto start = std::chrono::steady_clock::now();
  IndexBuildSeconds builds;
  SKYSEED_RETURN_IF_ERROR(RebuildStashedIndexes(ctx.options.conninfo, ctx.options.jobs,
                                                ctx.options.maintenance_work_mem, &builds,
                                                *ctx.options.narrator));
  phases->AddBuilds(builds);
  PhaseTimes::Add(&phases->indexes, SecondsSince(start));
  return Status::Ok();
}

Status GrowToCounts(GrowContext& ctx, const TableRows& counts, PhaseTimes* phases) {
  SKYSEED_RETURN_IF_ERROR(LoadMissing(ctx, counts, phases));
  return BuildStashedIndexes(ctx, phases);
}

Status GrowAndRecord(GrowContext& ctx, const std::string& tier, const TableRows& counts) {
  const auto start = std::chrono::steady_clock::now();
  PhaseTimes phases;
  SKYSEED_RETURN_IF_ERROR(LoadMissing(ctx, counts, &phases));
  if (ctx.options.sharded()) {
    SKYSEED_ASSIGN_OR_RETURN(bool finish,
                             ShardShouldFinish(ctx.control, ctx.options, tier, counts));
    if (!finish) return Status::Ok();
  }
  SKYSEED_RETURN_IF_ERROR(BuildStashedIndexes(ctx, &phases));
  const auto vacuum_start = std::chrono::steady_clock::now();
  SKYSEED_RETURN_IF_ERROR(VacuumAnalyze(ctx.options.conninfo, ctx.options.jobs));
  const auto end = std::chrono::steady_clock::now();
  phases.vacuum = std::chrono::duration<double>(end - vacuum_start).count();
  return RecordReached(ctx.control, tier, counts,
                       std::chrono::duration<double>(end - start).count(), phases,
                       *ctx.options.narrator);
}

}  // namespace skyseed
