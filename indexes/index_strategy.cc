#include "indexes/index_strategy.h"

#include <algorithm>
#include <string>

namespace skyseed {
namespace {

// The most expensive builds first, so the longest one starts early: the
// polygon GiSTs, the point GiSTs, then the btrees and keys (sorted builds).
int BuildOrder(IndexKind kind) {
  switch (kind) {
    case IndexKind::kPolygonGist:
      return 0;
    case IndexKind::kPointGist:
      return 1;
    case IndexKind::kPrimaryKey:
    case IndexKind::kBtree:
      return 2;
  }
  return 2;
}

// What inserting a row into a live btree costs over what rebuilding the
// btree costs per row, rounded down: 6.8 with 2 M rows in memory, 10.7
// with 8 M (scripts/bench/btree-live-vs-rebuild.sh), and far more once the
// index outgrows shared_buffers (docs/benchmarks/2026-12-full-scale.md,
// "Why the btree rule changed": the D3 -> D4 step loaded 5-7x slower with
// its btrees live).
constexpr uint64_t kLiveInsertOverRebuild = 8;

}  // namespace

IndexAction ChooseIndexAction(IndexKind kind, uint64_t existing, uint64_t added,
                              bool gist_during_load) {
  if (IsGist(kind)) {
    // pg_sphere's GiST build is insertion-based (no sorted build): a build
    // costs what live insertion costs, row for row, but runs in one backend,
    // while live insertion is shared by every loading connection. A rebuild
    // would also pay again for every existing row.
    return existing > 0 || gist_during_load ? IndexAction::kKeepLive : IndexAction::kSetAside;
  }
  if (existing == 0) return IndexAction::kSetAside;  // nothing to repay: build once at the end
  // A btree rebuild sorts every row once; live insertion pays a random
  // descent, a page split now and then and a full-page WAL image per new
  // row. Rebuild when that is cheaper: added * live >= (existing + added) *
  // rebuild, i.e. once the step adds a seventh of the rows already there.
  return added * (kLiveInsertOverRebuild - 1) >= existing ? IndexAction::kSetAside
                                                          : IndexAction::kKeepLive;
}

namespace {

// The indexes whose stashed state is `stashed`, on tables `chunks` add rows
// to, for which ChooseIndexAction says `action`.
std::vector<const IndexDef*> IndexesWhere(const std::vector<IndexDef>& indexes,
                                          const std::vector<StashEntry>& stash,
                                          const std::vector<LedgerEntry>& ledger,
                                          const std::vector<Chunk>& chunks, bool gist_during_load,
                                          bool stashed, IndexAction action) {
  std::vector<const IndexDef*> out;
  for (const IndexDef& idx : indexes) {
    const bool in_stash = std::any_of(
        stash.begin(), stash.end(), [&](const StashEntry& e) { return e.index_name == idx.name; });
    if (in_stash != stashed) continue;
    uint64_t added = 0;
    for (const Chunk& c : chunks) {
      if (c.table == idx.table) added += c.range.count;
    }
    if (added == 0) continue;
    const uint64_t existing = LedgerRows(ledger, idx.table->standard_name());
    if (ChooseIndexAction(idx.kind, existing, added, gist_during_load) == action) {
      out.push_back(&idx);
    }
  }
  return out;
}

}  // namespace

std::vector<const IndexDef*> IndexesToSetAside(const std::vector<IndexDef>& indexes,
                                               const std::vector<StashEntry>& stash,
                                               const std::vector<LedgerEntry>& ledger,
                                               const std::vector<Chunk>& chunks,
                                               bool gist_during_load) {
  return IndexesWhere(indexes, stash, ledger, chunks, gist_during_load, /*stashed=*/false,
                      IndexAction::kSetAside);
}

std::vector<const IndexDef*> IndexesToBuildFirst(const std::vector<IndexDef>& indexes,
                                                 const std::vector<StashEntry>& stash,
                                                 const std::vector<LedgerEntry>& ledger,
                                                 const std::vector<Chunk>& chunks,
                                                 bool gist_during_load) {
  std::vector<const IndexDef*> out;
  for (const IndexDef* idx : IndexesWhere(indexes, stash, ledger, chunks, gist_during_load,
                                          /*stashed=*/true, IndexAction::kKeepLive)) {
    if (IsGist(idx->kind)) out.push_back(idx);
  }
  return out;
}

Result<std::vector<const IndexDef*>> IndexBuildOrder(const std::vector<IndexDef>& indexes,
                                                     const std::vector<StashEntry>& stash,
                                                     const TableDef* table) {
  std::vector<const IndexDef*> todo;
  for (const StashEntry& e : stash) {
    auto it = std::find_if(indexes.begin(), indexes.end(),
                           [&](const IndexDef& d) { return d.name == e.index_name; });
    if (it == indexes.end()) {
      return Status::Corruption("index stash names unknown index " + e.index_name);
    }
    if (table == nullptr || it->table == table) todo.push_back(&*it);
  }
  // Stable: the stash's order (by name) within a rank, so runs agree.
  std::stable_sort(todo.begin(), todo.end(), [](const IndexDef* a, const IndexDef* b) {
    return BuildOrder(a->kind) < BuildOrder(b->kind);
  });
  return todo;
}

}  // namespace skyseed
