// Setting indexes aside and building them back. A set-aside index's name is
// stashed in skyseed.index_stash in the same transaction as the drop, and
// unstashed in the same transaction as its build, so a killed run never
// leaves the database silently without an index: the next grow rebuilds
// everything in the stash.
#pragma once

#include <string>

#include "common/narrator.h"
#include "common/status.h"
#include "loader/pg_connection.h"
#include "schema/corpus_schema.h"
#include "timing/phase_times.h"
#include "timing/task_times.h"

namespace skyseed {

// Where and how the builds run: grow's server, --jobs, maintenance_work_mem,
// and who hears of each build.
struct IndexBuildSettings {
  std::string conninfo;
  int jobs = 2;
  std::string maintenance_work_mem;
  Narrator* narrator = &SilentNarrator();
};

Status SetAsideIndex(PgConnection& conn, const IndexDef& index);

// Builds `indexes` (stashed ones) in parallel, `jobs` at a time on separate
// connections, each in the transaction that removes its stash entry.
Status BuildIndexes(const IndexBuildSettings& settings, const std::vector<const IndexDef*>& indexes,
                    IndexBuildSeconds* seconds, TaskSeconds* tasks);

// Every declared index that is missing, invalid or not as declared (and not
// stashed: indexes/index_audit.h) is dropped if present and stashed, saying so
// one line each, so that RebuildStashedIndexes builds it as declared. Returns
// how many.
Result<int> SetAsideDamagedIndexes(PgConnection& conn, Narrator& narrator);

// Removes the stash record of each index built as declared
// (StashedButBuilt), saying so in one line each.
Status ClearStashOfBuiltIndexes(PgConnection& conn, Narrator& narrator);

// Builds every stashed index (of `table` only, when given) in the order of
// IndexBuildOrder, `jobs` at a time on separate connections, each in the
// transaction that removes its stash entry. *seconds receives each build's
// wall time, *tasks its backend's busy time ("index NAME").
Status RebuildStashedIndexes(const IndexBuildSettings& settings, IndexBuildSeconds* seconds,
                             TaskSeconds* tasks, const TableDef* table = nullptr);

}  // namespace skyseed
