#include "tiers/grow_steps.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <memory>
#include <mutex>

#include "common/fault_point.h"
#include "generator/corpus_tables.h"
#include "loader/chunk_copy.h"
#include "schema/corpus_schema.h"
#include "tiers/corpus_load.h"
#include "tiers/database_manifest.h"
#include "tiers/early_index_builds.h"
#include "tiers/index_strategy.h"
#include "tiers/parallel_chunks.h"
#include "tiers/progress.h"

namespace skyseed {
namespace {

double Since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

QuoteFn Quoter(PgConnection& c) {
  return [&c](std::string_view n) { return c.QuoteIdent(n); };
}

uint64_t RowsMissingIn(const std::vector<RowRange>& missing, RowRange r) {
  uint64_t n = 0;
  for (const RowRange& m : missing) {
    const uint64_t lo = std::max(m.first, r.first), hi = std::min(m.end(), r.end());
    if (lo < hi) n += hi - lo;
  }
  return n;
}

// The files' chunks the ledger lacks. A file the ledger holds part of (the
// database was grown with another chunk size) cannot be loaded whole.
Result<std::vector<Chunk>> PlanFileLoad(const std::vector<LedgerEntry>& ledger,
                                        const TableCounts& counts, const CorpusFileSet& files) {
  std::vector<Chunk> chunks;
  for (const Chunk& c : files.Chunks()) {
    const std::string table = c.table->qualified_name();
    const uint64_t missing =
        RowsMissingIn(MissingRanges(LedgerRanges(ledger, table), counts.at(table)), c.range);
    if (missing == c.range.count) {
      chunks.push_back(c);
    } else if (missing > 0) {
      return Status::InvalidArgument(
          "the database already holds part of " + table + " rows " + std::to_string(c.range.first) +
          ".." + std::to_string(c.range.end()) +
          " (grown with another chunk size); finish it with skyseed grow --tier " +
          files.tier().name);
    }
  }
  return chunks;
}

Result<std::vector<Chunk>> PlanLoad(const std::vector<LedgerEntry>& ledger,
                                    const TableCounts& counts, const GrowOptions& o) {
  if (o.files) return PlanFileLoad(ledger, counts, *o.files);
  const uint64_t chunk_rows = o.chunk_rows;
  std::vector<Chunk> chunks;
  for (const TableDef& t : CorpusTables()) {
    const std::vector<RowRange> missing =
        MissingRanges(LedgerRanges(ledger, t.qualified_name()), counts.at(t.qualified_name()));
    for (const RowRange& r : SplitRanges(missing, chunk_rows)) {
      if (!o.sharded() || ShardOwns(r, chunk_rows, o.shard, o.shards)) chunks.push_back({&t, r});
    }
  }
  return chunks;
}

Status SetAsideWhereCheaper(GrowContext& ctx, const std::vector<LedgerEntry>& ledger,
                            const std::vector<Chunk>& chunks) {
  Result<std::vector<StashEntry>> stash = ReadStash(ctx.control);
  if (!stash.ok()) return stash.status();
  for (const IndexDef& idx : CorpusIndexes(Quoter(ctx.control))) {
    const bool stashed = std::any_of(stash->begin(), stash->end(),
                                     [&](const StashEntry& e) { return e.index_name == idx.name; });
    if (stashed) continue;
    uint64_t added = 0;
    for (const Chunk& c : chunks) {
      if (c.table == idx.table) added += c.range.count;
    }
    if (added == 0) continue;
    const uint64_t existing = LedgerRows(ledger, idx.table->qualified_name());
    if (ChooseIndexAction(idx.kind, existing, added) == IndexAction::kSetAside) {
      SKYSEED_RETURN_IF_ERROR(SetAsideIndex(ctx.control, idx));
    }
  }
  return Status::Ok();
}

// `early`, when given, hears of each table whose chunks have all committed.
Status LoadChunks(GrowContext& ctx, const std::vector<Chunk>& chunks, EarlyIndexBuilds* early) {
  const int jobs = std::max(1, std::min<int>(ctx.options.jobs, chunks.size()));
  std::vector<std::unique_ptr<PgConnection>> conns;
  for (int w = 0; w < jobs; ++w) {
    Result<std::unique_ptr<PgConnection>> c = PgConnection::Connect(ctx.options.conninfo);
    if (!c.ok()) return c.status();
    // A chunk and its ledger row commit or vanish together, so a commit
    // lost in a crash is simply loaded again: exactly-once holds.
    SKYSEED_RETURN_IF_ERROR((*c)->Exec("SET synchronous_commit = off"));
    conns.push_back(std::move(*c));
  }
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
  Progress progress("load", total);
  return RunChunks(chunks, jobs, [&](const Chunk& c, int w) -> Status {
    ByteBuffer& buf = *buffers[w];
    buf.clear();
    TableDigest d;
    std::string_view tuples;
    if (ctx.options.files) {
      SKYSEED_RETURN_IF_ERROR(ctx.options.files->ReadChecked(c, &file_streams[w], &tuples, &buf));
      d.sum = ctx.options.files->FileFor(c)->digest;
    } else {
      c.table->encode(ctx.options.seed, c.range, &buf, &d);
      tuples = buf.view();
    }
    PgConnection& conn = *conns[w];
    const QuoteFn q = Quoter(conn);
    const ChunkCopy copy{"COPY " + QualifiedName(*c.table, q) + " (" + ColumnList(*c.table, q) +
                             ") FROM STDIN (FORMAT binary)",
                         c.table->qualified_name(), c.range.first, c.range.count, d.sum};
    SKYSEED_RETURN_IF_ERROR(CommitChunk(conn, copy, tuples));
    FaultPoint("committed");
    progress.Add(c.range.count, tuples.size());
    std::lock_guard<std::mutex> lock(mu);
    if (--chunks_left[c.table] == 0 && early) early->TableLoaded(*c.table);
    return Status::Ok();
  });
}

}  // namespace

Status LoadMissing(GrowContext& ctx, const TableCounts& counts, PhaseSeconds* phases) {
  Result<std::vector<LedgerEntry>> ledger = ReadLedger(ctx.control);
  if (!ledger.ok()) return ledger.status();
  for (const auto& [table, rows] : counts) {
    const uint64_t have = LedgerRows(*ledger, table);
    if (have > rows) {
      return Status::InvalidArgument(table + " already holds " + std::to_string(have) +
                                     " rows, more than the " + std::to_string(rows) +
                                     " asked for; tiers only grow");
    }
  }
  const Result<std::vector<Chunk>> chunks = PlanLoad(*ledger, counts, ctx.options);
  if (!chunks.ok()) return chunks.status();
  SKYSEED_RETURN_IF_ERROR(SetAsideWhereCheaper(ctx, *ledger, *chunks));
  const auto start = std::chrono::steady_clock::now();
  // Shards leave the index builds to the one that finishes the tier.
  EarlyIndexBuilds early(ctx.options);
  Status loaded;
  if (!chunks->empty()) {
    loaded = LoadChunks(ctx, *chunks, ctx.options.sharded() ? nullptr : &early);
  }
  (*phases)["load"] += Since(start);
  const auto waited = std::chrono::steady_clock::now();
  const Status built = early.Finish(phases);
  (*phases)["indexes"] += Since(waited);
  SKYSEED_RETURN_IF_ERROR(loaded);
  return built;
}

Status BuildStashedIndexes(GrowContext& ctx, PhaseSeconds* phases) {
  const auto start = std::chrono::steady_clock::now();
  PhaseSeconds index_seconds;
  SKYSEED_RETURN_IF_ERROR(RebuildStashedIndexes(ctx.options.conninfo, ctx.options.jobs,
                                                ctx.options.maintenance_work_mem, &index_seconds));
  for (const auto& [name, secs] : index_seconds) (*phases)[name] += secs;
  (*phases)["indexes"] += Since(start);
  return Status::Ok();
}

Status GrowToCounts(GrowContext& ctx, const TableCounts& counts, PhaseSeconds* phases) {
  SKYSEED_RETURN_IF_ERROR(LoadMissing(ctx, counts, phases));
  return BuildStashedIndexes(ctx, phases);
}

Result<bool> CountsComplete(GrowContext& ctx, const TableCounts& counts) {
  Result<std::vector<LedgerEntry>> ledger = ReadLedger(ctx.control);
  if (!ledger.ok()) return ledger.status();
  for (const auto& [table, rows] : counts) {
    if (!MissingRanges(LedgerRanges(*ledger, table), rows).empty()) return false;
  }
  return true;
}

}  // namespace skyseed
