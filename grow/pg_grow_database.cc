#include "grow/pg_grow_database.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <utility>

#include "common/cpu_clock.h"
#include "common/fault_point.h"
#include "grow/chunk_commit.h"
#include "grow/corpus_load.h"
#include "grow/shard_growth.h"
#include "grow/tier_measure.h"
#include "indexes/early_index_builds.h"
#include "indexes/index_builds.h"
#include "store/manifest_store.h"
#include "tiers/parallel_chunks.h"
#include "verify/ledger_recheck.h"

namespace skyseed {
namespace {

// Index builds run on grow's server, --jobs at a time.
IndexBuildSettings BuildSettings(const GrowPlan& plan, const GrowRun& run) {
  return {run.conninfo, plan.jobs, plan.maintenance_work_mem, run.narrator};
}

// One connection per job, its commits asynchronous: a chunk and its ledger
// entry commit or vanish together, so a commit lost in a crash is simply
// loaded again and exactly-once holds.
Result<std::vector<std::unique_ptr<PgConnection>>> LoadConnections(const GrowRun& o, int jobs) {
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
Status LoadChunk(const GrowPlan& plan, const GrowRun& o, const Chunk& c, PgConnection& conn,
                 ByteBuffer& buf, std::string& file_stream, double* generating, uint64_t* bytes) {
  TableDigest d;
  PgChunkConnection target(conn);
  if (o.files) {
    std::string_view tuples;
    const double cpu_start = ThreadCpuSeconds();
    SKYSEED_RETURN_IF_ERROR(o.files->ReadChecked(c, &file_stream, &tuples, &buf));
    *generating += ThreadCpuSeconds() - cpu_start;
    *bytes += tuples.size();
    bool sent = false;
    return CommitChunk(
        target, c,
        [&]() -> Result<std::string_view> {
          return std::exchange(sent, true) ? std::string_view() : tuples;
        },
        o.files->FileFor(c)->digest);
  }
  uint64_t next_row = c.range.first;
  return CommitChunk(
      target, c,
      [&]() -> Result<std::string_view> {
        if (next_row == c.range.end()) return std::string_view();
        const RowRange slice{next_row, std::min(kSliceRows, c.range.end() - next_row)};
        const double cpu_start = ThreadCpuSeconds();
        buf.clear();
        c.table->encode(plan.seed, slice, &buf, &d);
        *generating += ThreadCpuSeconds() - cpu_start;
        next_row = slice.end();
        *bytes += buf.size();
        return buf.view();
      },
      d.sum);
}

// What loading a row costs, for the progress line's ETA, in source rows: a
// footprint's polygon GiST key makes an ObsCore row about ten times as dear
// (the D3 -> D4 step loads ObsCore at ~5.5 k rows/s, then the sources at
// 50-75 k: docs/scaling-run.md), and ObsCore loads first, so counting rows
// alone put the ETA of D4's step at four hours for forty minutes.
uint64_t LoadWorkPerRow(const TableDef& t) { return t.footprint_column != nullptr ? 10 : 1; }

// `early`, when given, hears of each table whose chunks have all committed.
// *tasks receives each connection's backend and client busy time.
Status LoadChunksInParallel(const GrowPlan& plan, const GrowRun& o,
                            const std::vector<Chunk>& chunks, EarlyIndexBuilds* early,
                            TaskSeconds* tasks) {
  const int jobs = std::max(1, std::min<int>(plan.jobs, chunks.size()));
  SKYSEED_ASSIGN_OR_RETURN(std::vector<std::unique_ptr<PgConnection>> conns,
                           LoadConnections(o, jobs));
  std::vector<std::unique_ptr<ByteBuffer>> buffers;
  for (int w = 0; w < jobs; ++w) buffers.push_back(std::make_unique<ByteBuffer>());
  std::vector<std::string> file_streams(jobs);
  uint64_t total = 0, total_work = 0;
  std::map<const TableDef*, size_t> chunks_left;
  for (const Chunk& c : chunks) {
    total += c.range.count;
    total_work += c.range.count * LoadWorkPerRow(*c.table);
    ++chunks_left[c.table];
  }
  std::mutex mu;
  const std::unique_ptr<ProgressMeter> progress = o.narrator->Progress("load", total, total_work);
  std::vector<BackendClock> backends;
  for (const auto& c : conns) backends.emplace_back(*c);
  std::vector<double> generating(jobs);
  const Status loaded = RunChunks(chunks, jobs, [&](const Chunk& c, int w) -> Status {
    uint64_t bytes = 0;
    SKYSEED_RETURN_IF_ERROR(
        LoadChunk(plan, o, c, *conns[w], *buffers[w], file_streams[w], &generating[w], &bytes));
    FaultPoint("committed");
    progress->Add(c.range.count, bytes, c.range.count * LoadWorkPerRow(*c.table));
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

QuoteFn PgGrowDatabase::IdentQuoter() const { return control_.IdentQuoter(); }

std::function<double()> PgGrowDatabase::StartControlClock() {
  auto clock = std::make_shared<BackendClock>(control_);
  return [clock] { return clock->Seconds(); };
}

Result<LedgerAudit> PgGrowDatabase::AuditLedger() { return skyseed::AuditLedger(control_); }

Result<uint64_t> PgGrowDatabase::RecheckLedgerRows(const std::vector<LedgerEntry>& ledger) {
  return skyseed::RecheckLedgerRows(run_.conninfo, plan_.jobs, plan_.seed, ledger);
}

Result<std::vector<LedgerEntry>> PgGrowDatabase::ReadLedger() {
  return skyseed::ReadLedger(control_);
}

Result<std::vector<StashEntry>> PgGrowDatabase::ReadStash() { return skyseed::ReadStash(control_); }

Result<std::vector<TierRecord>> PgGrowDatabase::ReadTiers() { return skyseed::ReadTiers(control_); }

Result<uint64_t> PgGrowDatabase::DatabaseSize() { return skyseed::DatabaseSize(control_); }

Status PgGrowDatabase::SetAsideIndex(const IndexDef& index) {
  return skyseed::SetAsideIndex(control_, index);
}

Status PgGrowDatabase::BuildIndexes(const std::vector<const IndexDef*>& indexes,
                                    PhaseTimes* phases) {
  IndexBuildSeconds builds;
  SKYSEED_RETURN_IF_ERROR(
      skyseed::BuildIndexes(BuildSettings(plan_, run_), indexes, &builds, &phases->tasks));
  phases->AddBuilds(builds);
  return Status::Ok();
}

Status PgGrowDatabase::RebuildSetAsideIndexes(PhaseTimes* phases) {
  SKYSEED_RETURN_IF_ERROR(SetAsideDamagedIndexes(control_, *run_.narrator).status());
  IndexBuildSeconds builds;
  SKYSEED_RETURN_IF_ERROR(
      RebuildStashedIndexes(BuildSettings(plan_, run_), &builds, &phases->tasks));
  phases->AddBuilds(builds);
  return Status::Ok();
}

Status PgGrowDatabase::LoadChunks(const std::vector<Chunk>& chunks, bool build_early,
                                  PhaseTimes* phases) {
  const auto start = std::chrono::steady_clock::now();
  EarlyIndexBuilds early(BuildSettings(plan_, run_));
  Status loaded;
  if (!chunks.empty()) {
    loaded =
        LoadChunksInParallel(plan_, run_, chunks, build_early ? &early : nullptr, &phases->tasks);
  }
  PhaseTimes::Add(&phases->load, SecondsSince(start));
  const auto waited = std::chrono::steady_clock::now();
  const Status built = early.Finish(phases);
  PhaseTimes::Add(&phases->indexes, SecondsSince(waited));
  SKYSEED_RETURN_IF_ERROR(loaded);
  return built;
}

Result<bool> PgGrowDatabase::ShardShouldFinish(const std::string& tier, const TableRows& counts) {
  return skyseed::ShardShouldFinish(control_, plan_, *run_.narrator, tier, counts);
}

Status PgGrowDatabase::VacuumAnalyze(PhaseTimes* phases) {
  const auto start = std::chrono::steady_clock::now();
  SKYSEED_RETURN_IF_ERROR(skyseed::VacuumAnalyze(run_.conninfo, plan_.jobs, &phases->tasks));
  phases->vacuum = SecondsSince(start);
  return Status::Ok();
}

Status PgGrowDatabase::RecordReached(const std::string& tier, const TableRows& counts,
                                     double seconds, const PhaseTimes& phases) {
  return skyseed::RecordReached(control_, tier, counts, seconds, phases, *run_.narrator);
}

}  // namespace skyseed
