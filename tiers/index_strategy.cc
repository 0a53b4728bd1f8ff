#include "tiers/index_strategy.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <mutex>

#include "common/fault_point.h"
#include "tiers/database_manifest.h"
#include "tiers/parallel_chunks.h"

namespace skyseed {

IndexAction ChooseIndexAction(IndexKind kind, uint64_t existing, uint64_t added) {
  if (existing == 0) return IndexAction::kSetAside;  // nothing to repay: build once at the end
  if (kind == IndexKind::kGist) {
    // pg_sphere's GiST build is insertion-based (no sorted build), so a
    // rebuild pays again for every existing row; live insertion pays only
    // for the new ones.
    return IndexAction::kKeepLive;
  }
  // A btree rebuild sorts all rows once; live insertion pays a random
  // descent per new row. Rebuild once the step at least doubles the table.
  return added >= existing ? IndexAction::kSetAside : IndexAction::kKeepLive;
}

Status SetAsideIndex(PgConnection& conn, const IndexDef& index) {
  const Status s = conn
      .InTransaction([&]() -> Status {
        SKYSEED_RETURN_IF_ERROR(conn.Query(
            "INSERT INTO skyseed.index_stash (index_name, table_name, definition) "
            "VALUES ($1, $2, $3) ON CONFLICT (index_name) DO NOTHING",
            {index.name, index.table->qualified_name(), index.create_sql}, nullptr));
        return conn.Exec(index.drop_sql);
      })
      .Annotate("setting aside index " + index.name);
  FaultPoint("set-aside");
  return s;
}

namespace {

// Primary keys first: ALTER TABLE ... ADD PRIMARY KEY takes an exclusive
// lock and would otherwise queue behind a GiST build on the same table. Then
// the most expensive builds, so the longest one starts early.
int BuildOrder(IndexKind kind, const std::string& name) {
  if (kind == IndexKind::kPrimaryKey) return 0;
  if (kind == IndexKind::kGist) return name.find("region") != std::string::npos ? 1 : 2;
  return 3;
}

Status BuildOne(PgConnection& conn, const IndexDef& idx, const std::string& mwm) {
  SKYSEED_RETURN_IF_ERROR(conn.Query("SELECT set_config('maintenance_work_mem', $1, false)",
                                     {mwm}, nullptr));
  return conn
      .InTransaction([&]() -> Status {
        SKYSEED_RETURN_IF_ERROR(conn.Exec(idx.create_sql));
        return conn.Query("DELETE FROM skyseed.index_stash WHERE index_name = $1", {idx.name},
                          nullptr);
      })
      .Annotate("building index " + idx.name);
}

}  // namespace

Status RebuildStashedIndexes(const std::string& conninfo, int jobs, const std::string& mwm,
                             std::map<std::string, double>* seconds, const TableDef* table) {
  Result<std::unique_ptr<PgConnection>> control = PgConnection::Connect(conninfo);
  if (!control.ok()) return control.status();
  Result<std::vector<StashEntry>> stash = ReadStash(**control);
  if (!stash.ok()) return stash.status();
  const QuoteFn q = [&](std::string_view n) { return (*control)->QuoteIdent(n); };
  const std::vector<IndexDef> all = CorpusIndexes(q);
  std::vector<const IndexDef*> todo;
  for (const StashEntry& e : *stash) {
    auto it = std::find_if(all.begin(), all.end(), [&](const IndexDef& d) { return d.name == e.index_name; });
    // Definitions come from the schema code, never from the table's text.
    if (it == all.end()) return Status::Corruption("index stash names unknown index " + e.index_name);
    if (table == nullptr || it->table == table) todo.push_back(&*it);
  }
  std::sort(todo.begin(), todo.end(), [](const IndexDef* a, const IndexDef* b) {
    return BuildOrder(a->kind, a->name) < BuildOrder(b->kind, b->name);
  });
  std::mutex mu;
  const auto build = [&](const std::vector<const IndexDef*>& wave) {
    return RunParallel(wave.size(), std::min<int>(jobs, std::max<size_t>(1, wave.size())),
                       [&](size_t i, int) -> Status {
      Result<std::unique_ptr<PgConnection>> conn = PgConnection::Connect(conninfo);
      if (!conn.ok()) return conn.status();
      const auto start = std::chrono::steady_clock::now();
      SKYSEED_RETURN_IF_ERROR(BuildOne(**conn, *wave[i], mwm));
      FaultPoint("index-built");
      const double secs =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      std::lock_guard<std::mutex> lock(mu);
      (*seconds)["index " + wave[i]->name] = secs;
      std::fprintf(stderr, "  index %s built in %.1fs\n", wave[i]->name.c_str(), secs);
      return Status::Ok();
    });
  };
  // Two waves, so no CREATE INDEX can take its table's lock before the
  // primary key's ALTER TABLE does (measured at D2: a primary key that lost
  // that race waited 284 s behind the point GiST).
  const auto keys_end = std::partition_point(todo.begin(), todo.end(), [](const IndexDef* d) {
    return d->kind == IndexKind::kPrimaryKey;
  });
  SKYSEED_RETURN_IF_ERROR(build({todo.begin(), keys_end}));
  return build({keys_end, todo.end()});
}

}  // namespace skyseed
