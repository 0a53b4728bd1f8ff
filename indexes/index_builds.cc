#include "indexes/index_builds.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <mutex>
#include <vector>

#include "common/fault_point.h"
#include "indexes/index_audit.h"
#include "indexes/index_strategy.h"
#include "store/manifest_store.h"
#include "tiers/parallel_chunks.h"

namespace skyseed {
namespace {

// A primary key's unique index only: AttachPrimaryKeys finishes it.
Status BuildOne(PgConnection& conn, const IndexDef& idx, const std::string& mwm) {
  SKYSEED_RETURN_IF_ERROR(
      conn.Query("SELECT set_config('maintenance_work_mem', $1, false)", {mwm}, nullptr));
  if (idx.kind == IndexKind::kPrimaryKey) {
    return conn.Exec(PrimaryKeyIndexSql(idx, conn.IdentQuoter()))
        .Annotate("building the unique index of primary key " + idx.name);
  }
  return conn
      .InTransaction([&]() -> Status {
        SKYSEED_RETURN_IF_ERROR(conn.Exec(idx.create_sql));
        return UnstashIndex(conn, idx.name);
      })
      .Annotate("building index " + idx.name);
}

// Each primary key of `indexes` made a constraint over its built unique
// index, in the transaction that removes its stash entry.
Status AttachPrimaryKeys(const std::string& conninfo, const std::vector<const IndexDef*>& indexes) {
  if (std::none_of(indexes.begin(), indexes.end(),
                   [](const IndexDef* i) { return i->kind == IndexKind::kPrimaryKey; })) {
    return Status::Ok();
  }
  SKYSEED_ASSIGN_OR_RETURN(std::unique_ptr<PgConnection> conn, PgConnection::Connect(conninfo));
  for (const IndexDef* idx : indexes) {
    if (idx->kind != IndexKind::kPrimaryKey) continue;
    SKYSEED_RETURN_IF_ERROR(conn->InTransaction([&]() -> Status {
                                  SKYSEED_RETURN_IF_ERROR(
                                      conn->Exec(AttachPrimaryKeySql(*idx, conn->IdentQuoter())));
                                  return UnstashIndex(*conn, idx->name);
                                })
                                .Annotate("attaching primary key " + idx->name));
    FaultPoint("key-attached");
  }
  return Status::Ok();
}

}  // namespace

Status BuildIndexes(const IndexBuildSettings& settings, const std::vector<const IndexDef*>& indexes,
                    IndexBuildSeconds* seconds, TaskSeconds* tasks) {
  const std::string& conninfo = settings.conninfo;
  const int jobs = settings.jobs;
  const std::string& mwm = settings.maintenance_work_mem;
  Narrator& narrator = *settings.narrator;
  std::mutex mu;
  SKYSEED_RETURN_IF_ERROR(RunParallel(
      indexes.size(), std::min<int>(jobs, std::max<size_t>(1, indexes.size())),
      [&](size_t i, int) -> Status {
        SKYSEED_ASSIGN_OR_RETURN(std::unique_ptr<PgConnection> conn,
                                 PgConnection::Connect(conninfo));
        const auto start = std::chrono::steady_clock::now();
        const BackendClock busy(*conn);
        SKYSEED_RETURN_IF_ERROR(BuildOne(*conn, *indexes[i], mwm));
        const double busy_seconds = busy.Seconds();
        FaultPoint(indexes[i]->kind == IndexKind::kPrimaryKey ? "key-index-built" : "index-built");
        const double secs =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::lock_guard<std::mutex> lock(mu);
        (*seconds)[indexes[i]->name] = secs;
        (*tasks)["index " + indexes[i]->name] += busy_seconds;
        char line[160];
        std::snprintf(line, sizeof line, "  index %s built in %.1fs", indexes[i]->name.c_str(),
                      secs);
        narrator.Note(line);
        return Status::Ok();
      }));
  return AttachPrimaryKeys(conninfo, indexes);
}

Status SetAsideIndex(PgConnection& conn, const IndexDef& index) {
  const Status s = conn.InTransaction([&]() -> Status {
                         SKYSEED_RETURN_IF_ERROR(StashIndex(conn, index));
                         return conn.Exec(index.drop_sql);
                       })
                       .Annotate("setting aside index " + index.name);
  FaultPoint("set-aside");
  return s;
}

Result<int> SetAsideDamagedIndexes(PgConnection& conn, Narrator& narrator) {
  SKYSEED_ASSIGN_OR_RETURN(std::vector<IndexFinding> findings, AuditCorpusIndexes(conn));
  const std::vector<IndexDef> all = CorpusIndexes(conn.IdentQuoter());
  for (const IndexFinding& f : findings) {
    const auto it =
        std::find_if(all.begin(), all.end(), [&](const IndexDef& d) { return d.name == f.name; });
    narrator.Say(DescribeIndexFinding(f) + "; rebuilding it");
    // The declared drop, then a plain one (a primary key's name may be held
    // by an index without its constraint), in the stash entry's transaction.
    SKYSEED_RETURN_IF_ERROR(conn.InTransaction([&]() -> Status {
                                  SKYSEED_RETURN_IF_ERROR(StashIndex(conn, *it));
                                  SKYSEED_RETURN_IF_ERROR(conn.Exec(it->drop_sql));
                                  return conn.Exec("DROP INDEX IF EXISTS " +
                                                   conn.QuoteIdent(kCorpusSchema) + "." +
                                                   conn.QuoteIdent(f.name));
                                })
                                .Annotate("setting aside index " + f.name));
  }
  return static_cast<int>(findings.size());
}

Status ClearStashOfBuiltIndexes(PgConnection& conn, Narrator& narrator) {
  SKYSEED_ASSIGN_OR_RETURN(std::vector<std::string> built, StashedButBuiltIndexes(conn));
  for (const std::string& name : built) {
    SKYSEED_RETURN_IF_ERROR(UnstashIndex(conn, name));
    narrator.Say("index " + name +
                 " was recorded as set aside but is built as declared; cleared the record");
  }
  return Status::Ok();
}

Status RebuildStashedIndexes(const IndexBuildSettings& settings, IndexBuildSeconds* seconds,
                             TaskSeconds* tasks, const TableDef* table) {
  SKYSEED_ASSIGN_OR_RETURN(std::unique_ptr<PgConnection> control,
                           PgConnection::Connect(settings.conninfo));
  SKYSEED_ASSIGN_OR_RETURN(std::vector<StashEntry> stash, ReadStash(*control));
  const std::vector<IndexDef> all = CorpusIndexes((control)->IdentQuoter());
  SKYSEED_ASSIGN_OR_RETURN(std::vector<const IndexDef*> order, IndexBuildOrder(all, stash, table));
  return BuildIndexes(settings, order, seconds, tasks);
}

}  // namespace skyseed
