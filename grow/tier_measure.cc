#include "grow/tier_measure.h"

#include <sys/resource.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <vector>

#include "common/fault_point.h"
#include "common/machine_size.h"
#include "indexes/index_audit.h"
#include "schema/corpus_schema.h"
#include "store/manifest_store.h"
#include "tiers/chunk_plan.h"
#include "tiers/parallel_chunks.h"

namespace skyseed {
namespace {

Result<int64_t> QueryInt(PgConnection& conn, const std::string& sql,
                         const std::vector<std::string>& params = {}) {
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(conn.Query(sql, params, &r));
  return r.int64(0, 0);
}

Status MeasureTable(PgConnection& conn, const TableDef& t, const std::vector<LedgerEntry>& ledger,
                    uint64_t rows, TierTableRecord* rec) {
  rec->table = t.standard_name();
  rec->digest = LedgerDigest(ledger, rec->table);
  if (rec->digest.rows != rows || !MissingRanges(LedgerRanges(ledger, rec->table), rows).empty()) {
    return Status::Corruption("ledger of " + rec->table + " does not cover rows 0.." +
                              std::to_string(rows) + " exactly once");
  }
  const QuoteFn q = conn.IdentQuoter();
  Result<int64_t> table =
      QueryInt(conn, "SELECT pg_table_size($1::regclass)", {PhysicalTableName(t, q)});
  Result<int64_t> index =
      QueryInt(conn, "SELECT pg_indexes_size($1::regclass)", {PhysicalTableName(t, q)});
  if (!table.ok()) return table.status();
  if (!index.ok()) return index.status();
  rec->table_size = *table;
  rec->indexes_size = *index;
  rec->index_table_ratio = *table > 0 ? static_cast<double>(*index) / *table : 0;
  return Status::Ok();
}

// The tier record as measured, without its seconds and phases.
Status MeasureTier(PgConnection& control, const TableRows& counts, TierRecord* rec) {
  SKYSEED_ASSIGN_OR_RETURN(std::vector<StashEntry> stash, ReadStash(control));
  if (!stash.empty()) {
    return Status::Corruption("index " + stash.front().index_name +
                              " is still set aside; a tier is recorded only with every index");
  }
  SKYSEED_ASSIGN_OR_RETURN(std::vector<IndexFinding> damaged, AuditCorpusIndexes(control));
  if (!damaged.empty()) {
    return Status::Corruption(DescribeIndexFinding(damaged.front()) +
                              "; a tier is recorded only with every index as declared");
  }
  SKYSEED_ASSIGN_OR_RETURN(std::vector<LedgerEntry> ledger, ReadLedger(control));
  std::vector<NamedTableDigest> named;
  for (const TableDef& t : CorpusTables()) {
    TierTableRecord tr;
    SKYSEED_RETURN_IF_ERROR(MeasureTable(control, t, ledger, counts[t.index], &tr));
    named.push_back({tr.table, tr.digest});
    rec->tables.push_back(tr);
  }
  rec->corpus = CorpusDigest(named);
  SKYSEED_ASSIGN_OR_RETURN(uint64_t size, DatabaseSize(control));
  rec->database_size = static_cast<int64_t>(size);
  PgResult v;
  SKYSEED_RETURN_IF_ERROR(control.Query("SHOW server_version", &v));
  rec->pg_version = v.text(0, 0);
  return Status::Ok();
}

}  // namespace

Result<uint64_t> DatabaseSize(PgConnection& conn) {
  SKYSEED_ASSIGN_OR_RETURN(int64_t size,
                           QueryInt(conn, "SELECT pg_database_size(current_database())"));
  return static_cast<uint64_t>(size);
}

Status VacuumAnalyze(const std::string& conninfo, int jobs, TaskSeconds* tasks) {
  const auto& tables = CorpusTables();
  std::vector<double> busy(tables.size());
  SKYSEED_RETURN_IF_ERROR(RunParallel(tables.size(), jobs, [&](size_t i, int) -> Status {
    SKYSEED_ASSIGN_OR_RETURN(std::unique_ptr<PgConnection> c, PgConnection::Connect(conninfo));
    const QuoteFn q = (c)->IdentQuoter();
    const BackendClock clock(*c);
    SKYSEED_RETURN_IF_ERROR((c)->Exec("VACUUM (ANALYZE) " + PhysicalTableName(tables[i], q)));
    busy[i] = clock.Seconds();
    FaultPoint("vacuumed");
    return Status::Ok();
  }));
  for (const TableDef& t : tables) (*tasks)["vacuum " + t.standard_name()] += busy[t.index];
  return Status::Ok();
}

Status RecordReached(PgConnection& control, const std::string& tier, const TableRows& counts,
                     double seconds, const PhaseTimes& phases, Narrator& narrator) {
  TierRecord rec;
  rec.tier = tier;
  rec.seconds = seconds;
  SKYSEED_RETURN_IF_ERROR(MeasureTier(control, counts, &rec));
  rec.phases = phases;
  rec.phases.cores = ReadMachineSize().cores;
  rec.phases.busy_is_cpu = BackendClock(control).cpu();
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  rec.phases.peak_rss_mib = usage.ru_maxrss / 1024.0;  // Linux: kilobytes
  SKYSEED_RETURN_IF_ERROR(RecordTier(control, rec));
  FaultPoint("tier-recorded");
  uint64_t rows = 0;
  for (const TierTableRecord& t : rec.tables) rows += t.digest.rows;
  char line[256];
  std::snprintf(line, sizeof line, "tier %s reached: %llu rows, %.1f MiB, %.1f s, corpus %s",
                tier.c_str(), static_cast<unsigned long long>(rows), rec.database_size / 1048576.0,
                seconds, rec.corpus.Hex().c_str());
  narrator.Say(line);
  return Status::Ok();
}

}  // namespace skyseed
