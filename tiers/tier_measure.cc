// Recording a tier (sizes, digests, phases) and the size-driven growth mode.
#include <chrono>
#include <cmath>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "common/fault_point.h"
#include "generator/corpus_tables.h"
#include "schema/corpus_schema.h"
#include "tiers/database_manifest.h"
#include "tiers/grow_steps.h"
#include "tiers/parallel_chunks.h"

namespace skyseed {
namespace {

Result<int64_t> QueryInt(PgConnection& conn, const std::string& sql,
                         const std::vector<std::string>& params = {}) {
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(conn.Query(sql, params, &r));
  return r.int64(0, 0);
}

// One table per connection, in parallel.
Status VacuumAnalyze(GrowContext& ctx) {
  const auto& tables = CorpusTables();
  return RunParallel(tables.size(), ctx.options.jobs, [&](size_t i, int) -> Status {
    Result<std::unique_ptr<PgConnection>> c = PgConnection::Connect(ctx.options.conninfo);
    if (!c.ok()) return c.status();
    const QuoteFn q = [&](std::string_view n) { return (*c)->QuoteIdent(n); };
    SKYSEED_RETURN_IF_ERROR((*c)->Exec("VACUUM (ANALYZE) " + QualifiedName(tables[i], q)));
    FaultPoint("vacuumed");
    return Status::Ok();
  });
}

Status MeasureTable(PgConnection& conn, const TableDef& t, const std::vector<LedgerEntry>& ledger,
                    uint64_t rows, TierTableRecord* rec) {
  rec->table = t.qualified_name();
  rec->digest = LedgerDigest(ledger, rec->table);
  if (rec->digest.rows != rows || !MissingRanges(LedgerRanges(ledger, rec->table), rows).empty()) {
    return Status::Corruption("ledger of " + rec->table + " does not cover rows 0.." +
                              std::to_string(rows) + " exactly once");
  }
  const QuoteFn q = [&](std::string_view n) { return conn.QuoteIdent(n); };
  Result<int64_t> table = QueryInt(conn, "SELECT pg_table_size($1::regclass)", {QualifiedName(t, q)});
  Result<int64_t> index = QueryInt(conn, "SELECT pg_indexes_size($1::regclass)", {QualifiedName(t, q)});
  if (!table.ok()) return table.status();
  if (!index.ok()) return index.status();
  rec->table_size = *table;
  rec->indexes_size = *index;
  rec->index_table_ratio = *table > 0 ? static_cast<double>(*index) / *table : 0;
  return Status::Ok();
}

Status RecordReached(GrowContext& ctx, const std::string& tier, const TableCounts& counts,
                     double seconds, const PhaseSeconds& phases) {
  Result<std::vector<StashEntry>> stash = ReadStash(ctx.control);
  if (!stash.ok()) return stash.status();
  if (!stash->empty()) {
    return Status::Corruption("index " + stash->front().index_name +
                              " is still set aside; a tier is recorded only with every index");
  }
  Result<std::vector<LedgerEntry>> ledger = ReadLedger(ctx.control);
  if (!ledger.ok()) return ledger.status();
  TierRecord rec;
  rec.tier = tier;
  rec.seconds = seconds;
  std::vector<NamedTableDigest> named;
  for (const TableDef& t : CorpusTables()) {
    TierTableRecord tr;
    SKYSEED_RETURN_IF_ERROR(MeasureTable(ctx.control, t, *ledger, counts.at(t.qualified_name()), &tr));
    named.push_back({tr.table, tr.digest});
    rec.tables.push_back(tr);
  }
  rec.corpus = CorpusDigest(named);
  Result<int64_t> size = QueryInt(ctx.control, "SELECT pg_database_size(current_database())");
  if (!size.ok()) return size.status();
  rec.database_size = *size;
  PgResult v;
  SKYSEED_RETURN_IF_ERROR(ctx.control.Query("SHOW server_version", &v));
  rec.pg_version = v.text(0, 0);
  rec.phases_json = nlohmann::json(phases).dump();
  SKYSEED_RETURN_IF_ERROR(RecordTier(ctx.control, rec));
  FaultPoint("tier-recorded");
  uint64_t rows = 0;
  for (const NamedTableDigest& n : named) rows += n.digest.rows;
  std::printf("tier %s reached: %llu rows, %.1f MiB, %.1f s, corpus %s\n", tier.c_str(),
              static_cast<unsigned long long>(rows), rec.database_size / 1048576.0, seconds,
              rec.corpus.Hex().c_str());
  std::fflush(stdout);
  return Status::Ok();
}

}  // namespace

// A shard that finds the tier complete finishes it, unless another shard
// already is (the finish lock) or has (the tier record).
Result<bool> ShardShouldFinish(GrowContext& ctx, const std::string& tier, const TableCounts& counts) {
  const GrowOptions& o = ctx.options;
  Result<bool> complete = CountsComplete(ctx, counts);
  if (!complete.ok() || !*complete) {
    if (complete.ok()) {
      std::printf("shard %d/%d of tier %s loaded; other shards still loading (the last one to "
                  "finish, or a plain grow, builds the indexes and records the tier)\n",
                  o.shard + 1, o.shards, tier.c_str());
    }
    return complete;
  }
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(ctx.control.Query("SELECT pg_try_advisory_lock($1::bigint)",
                                            {kFinishLockKey}, &r));
  if (r.text(0, 0) != "t") {
    std::printf("shard %d/%d of tier %s loaded; another shard is finishing the tier\n",
                o.shard + 1, o.shards, tier.c_str());
    return false;
  }
  Result<std::vector<TierRecord>> recorded = ReadTiers(ctx.control);
  if (!recorded.ok()) return recorded.status();
  for (const TierRecord& t : *recorded) {
    if (t.tier == tier) return false;
  }
  return true;
}

Status GrowAndRecord(GrowContext& ctx, const std::string& tier, const TableCounts& counts) {
  const auto start = std::chrono::steady_clock::now();
  PhaseSeconds phases;
  SKYSEED_RETURN_IF_ERROR(LoadMissing(ctx, counts, &phases));
  if (ctx.options.sharded()) {
    Result<bool> finish = ShardShouldFinish(ctx, tier, counts);
    if (!finish.ok()) return finish.status();
    if (!*finish) return Status::Ok();
  }
  SKYSEED_RETURN_IF_ERROR(BuildStashedIndexes(ctx, &phases));
  const auto vacuum_start = std::chrono::steady_clock::now();
  SKYSEED_RETURN_IF_ERROR(VacuumAnalyze(ctx));
  const auto end = std::chrono::steady_clock::now();
  phases["vacuum"] = std::chrono::duration<double>(end - vacuum_start).count();
  return RecordReached(ctx, tier, counts, std::chrono::duration<double>(end - start).count(),
                       phases);
}

Status GrowToSize(GrowContext& ctx) {
  const auto start = std::chrono::steady_clock::now();
  // Sources per observation, as in tiers D1-D4.
  const double kSourcesPerObs = 8'170'000.0 / 700'090.0;
  const uint64_t target = ctx.options.target_size;
  PhaseSeconds phases;
  const std::string obscore = "ivoa.obscore", source = "gaia.gaia_source";
  for (int round = 0; round < 30; ++round) {
    Result<std::vector<LedgerEntry>> ledger = ReadLedger(ctx.control);
    if (!ledger.ok()) return ledger.status();
    Result<int64_t> size = QueryInt(ctx.control, "SELECT pg_database_size(current_database())");
    if (!size.ok()) return size.status();
    const uint64_t have = LedgerRows(*ledger, obscore);
    if (static_cast<uint64_t>(*size) >= target && have > 0) {
      // A killed run may have loaded enough and left indexes set aside.
      SKYSEED_RETURN_IF_ERROR(BuildStashedIndexes(ctx, &phases));
      SKYSEED_RETURN_IF_ERROR(VacuumAnalyze(ctx));
      return RecordReached(ctx, ctx.options.target_name,
                           {{obscore, have}, {source, LedgerRows(*ledger, source)}},
                           std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(),
                           phases);
    }
    // Bytes per observation (with its sources and indexes): measured once
    // there is data, else a first guess; aim a little short, then close in.
    const double per_obs = have > 0 ? static_cast<double>(*size) / have : 6000.0;
    const double missing = static_cast<double>(target) - static_cast<double>(*size);
    const uint64_t step = std::max<uint64_t>(
        std::llround(missing / per_obs * 0.97), ctx.options.chunk_rows / 10 + 1);
    const uint64_t next = have + step;
    SKYSEED_RETURN_IF_ERROR(GrowToCounts(
        ctx, {{obscore, next}, {source, static_cast<uint64_t>(std::llround(next * kSourcesPerObs))}},
        &phases));
  }
  return Status::Database("target size not reached after 30 rounds");
}

}  // namespace skyseed
