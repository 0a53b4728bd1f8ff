#include "grow/grow_steps.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <utility>
#include <vector>

#include "common/cpu_clock.h"
#include "common/fault_point.h"
#include "grow/chunk_commit.h"
#include "grow/corpus_load.h"
#include "grow/load_plan.h"
#include "grow/shard_growth.h"
#include "grow/tier_measure.h"
#include "indexes/early_index_builds.h"
#include "indexes/index_builds.h"
#include "indexes/index_strategy.h"
#include "schema/corpus_schema.h"
#include "store/ledger_audit.h"
#include "store/manifest_store.h"
#include "tiers/parallel_chunks.h"
#include "verify/ledger_recheck.h"

namespace skyseed {
namespace {

Result<std::vector<Chunk>> PlanLoad(const std::vector<LedgerEntry>& ledger, const TableRows& counts,
                                    const GrowOptions& o) {
  if (o.files) return PlanFileLoad(ledger, counts, o.files->Chunks(), o.files->tier().name);
  return PlanGeneratedLoad(ledger, counts, {o.chunk_rows, o.shard, o.shards});
}

// Sets aside the indexes cheaper to rebuild after this step, and builds the
// stashed GiSTs that are to grow with the load. Shards leave every build to
// the one that finishes the tier.
Status PrepareIndexes(GrowContext& ctx, const std::vector<LedgerEntry>& ledger,
                      const std::vector<Chunk>& chunks, PhaseTimes* phases) {
  SKYSEED_ASSIGN_OR_RETURN(std::vector<StashEntry> stash, ReadStash(ctx.control));
  const std::vector<IndexDef> indexes = CorpusIndexes(ctx.control.IdentQuoter());
  const bool gist_live = ctx.options.gist_during_load && !ctx.options.sharded();
  for (const IndexDef* idx : IndexesToSetAside(indexes, stash, ledger, chunks, gist_live)) {
    SKYSEED_RETURN_IF_ERROR(SetAsideIndex(ctx.control, *idx));
  }
  if (!gist_live) return Status::Ok();
  IndexBuildSeconds builds;
  SKYSEED_RETURN_IF_ERROR(
      BuildIndexes(ctx.options.conninfo, ctx.options.jobs, ctx.options.maintenance_work_mem,
                   IndexesToBuildFirst(indexes, stash, ledger, chunks, gist_live), &builds,
                   &phases->tasks, *ctx.options.narrator));
  phases->AddBuilds(builds);
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

// Rows are generated in slices of this many while the COPY takes the slice
// before, so a worker holds a few MiB, not a whole chunk.
constexpr uint64_t kSliceRows = 4096;

// One chunk on one connection: its rows checked from a file (whole, before
// anything is sent) or generated slice by slice. Adds the client thread's
// CPU to *generating, the bytes sent to *bytes.
Status LoadChunk(const GrowOptions& o, const Chunk& c, PgConnection& conn, ByteBuffer& buf,
                 std::string& file_stream, double* generating, uint64_t* bytes) {
  TableDigest d;
  if (o.files) {
    std::string_view tuples;
    const double cpu_start = ThreadCpuSeconds();
    SKYSEED_RETURN_IF_ERROR(o.files->ReadChecked(c, &file_stream, &tuples, &buf));
    *generating += ThreadCpuSeconds() - cpu_start;
    *bytes += tuples.size();
    bool sent = false;
    PgChunkConnection target(conn);
    return CommitChunk(
        target, c,
        [&]() -> Result<std::string_view> {
          return std::exchange(sent, true) ? std::string_view() : tuples;
        },
        o.files->FileFor(c)->digest);
  }
  uint64_t next_row = c.range.first;
  PgChunkConnection target(conn);
  return CommitChunk(
      target, c,
      [&]() -> Result<std::string_view> {
        if (next_row == c.range.end()) return std::string_view();
        const RowRange slice{next_row, std::min(kSliceRows, c.range.end() - next_row)};
        const double cpu_start = ThreadCpuSeconds();
        buf.clear();
        c.table->encode(o.seed, slice, &buf, &d);
        *generating += ThreadCpuSeconds() - cpu_start;
        next_row = slice.end();
        *bytes += buf.size();
        return buf.view();
      },
      d.sum);
}

// `early`, when given, hears of each table whose chunks have all committed.
// *tasks receives each connection's backend and client busy time.
Status LoadChunks(GrowContext& ctx, const std::vector<Chunk>& chunks, EarlyIndexBuilds* early,
                  TaskSeconds* tasks) {
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
  std::vector<BackendClock> backends;
  for (const auto& c : conns) backends.emplace_back(*c);
  std::vector<double> generating(jobs);
  const Status loaded = RunChunks(chunks, jobs, [&](const Chunk& c, int w) -> Status {
    uint64_t bytes = 0;
    SKYSEED_RETURN_IF_ERROR(
        LoadChunk(o, c, *conns[w], *buffers[w], file_streams[w], &generating[w], &bytes));
    FaultPoint("committed");
    progress->Add(c.range.count, bytes);
    std::lock_guard<std::mutex> lock(mu);
    if (--chunks_left[c.table] == 0 && early) early->TableLoaded(*c.table);
    return Status::Ok();
  });
  for (int w = 0; w < jobs; ++w) {
    (*tasks)["load " + std::to_string(w + 1)] += backends[w].Seconds();
    (*tasks)["generate " + std::to_string(w + 1)] += generating[w];
  }
  return loaded;
}

}  // namespace

// Everything after it trusts the ledger: a ledger that lost entries would
// load rows again, and a hole it vouches for would be recorded as a tier.
Status CheckLedgerOnce(GrowContext& ctx) {
  if (ctx.ledger_checked) return Status::Ok();
  const GrowOptions& o = ctx.options;
  SKYSEED_ASSIGN_OR_RETURN(LedgerAudit audit, AuditLedger(ctx.control));
  if (audit.chunks > 0 && o.verify) {
    SKYSEED_ASSIGN_OR_RETURN(uint64_t rows,
                             RecheckLedgerRows(o.conninfo, o.jobs, o.seed, audit.ledger));
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
  if (!ctx.ledger_checked) {
    const BackendClock checking(ctx.control);
    SKYSEED_RETURN_IF_ERROR(CheckLedgerOnce(ctx));
    phases->tasks["check ledger"] += checking.Seconds();
  }
  SKYSEED_ASSIGN_OR_RETURN(std::vector<LedgerEntry> ledger, ReadLedger(ctx.control));
  SKYSEED_RETURN_IF_ERROR(CheckOnlyGrows(ledger, counts));
  const Result<std::vector<Chunk>> chunks = PlanLoad(ledger, counts, ctx.options);
  if (!chunks.ok()) return chunks.status();
  SKYSEED_RETURN_IF_ERROR(PrepareIndexes(ctx, ledger, *chunks, phases));
  const auto start = std::chrono::steady_clock::now();
  // Shards leave the index builds to the one that finishes the tier.
  EarlyIndexBuilds early(IndexBuildSettings{ctx.options.conninfo, ctx.options.jobs,
                                            ctx.options.maintenance_work_mem,
                                            ctx.options.narrator});
  Status loaded;
  if (!chunks->empty()) {
    loaded = LoadChunks(ctx, *chunks, ctx.options.sharded() ? nullptr : &early, &phases->tasks);
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
  // A declared index lost outside skyseed (dropped, left invalid, changed)
  // is built again with the set-aside ones, so no tier is recorded without it.
  SKYSEED_RETURN_IF_ERROR(SetAsideDamagedIndexes(ctx.control, *ctx.options.narrator).status());
  IndexBuildSeconds builds;
  SKYSEED_RETURN_IF_ERROR(RebuildStashedIndexes(ctx.options.conninfo, ctx.options.jobs,
                                                ctx.options.maintenance_work_mem, &builds,
                                                &phases->tasks, *ctx.options.narrator));
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
  const std::optional<double> host_start = HostBusyCpuSeconds();
  PhaseTimes phases;
  SKYSEED_RETURN_IF_ERROR(LoadMissing(ctx, counts, &phases));
  if (ctx.options.sharded()) {
    SKYSEED_ASSIGN_OR_RETURN(bool finish,
                             ShardShouldFinish(ctx.control, ctx.options, tier, counts));
    if (!finish) return Status::Ok();
  }
  SKYSEED_RETURN_IF_ERROR(BuildStashedIndexes(ctx, &phases));
  const auto vacuum_start = std::chrono::steady_clock::now();
  SKYSEED_RETURN_IF_ERROR(VacuumAnalyze(ctx.options.conninfo, ctx.options.jobs, &phases.tasks));
  const auto end = std::chrono::steady_clock::now();
  phases.vacuum = std::chrono::duration<double>(end - vacuum_start).count();
  if (const std::optional<double> host_end = HostBusyCpuSeconds(); host_start && host_end) {
    phases.host_busy = *host_end - *host_start;
  }
  return RecordReached(ctx.control, tier, counts,
                       std::chrono::duration<double>(end - start).count(), phases,
                       *ctx.options.narrator);
}

}  // namespace skyseed
