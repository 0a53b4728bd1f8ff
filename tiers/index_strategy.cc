#include "tiers/index_strategy.h"

#include <algorithm>
#include <string>

namespace skyseed {
namespace {

// Primary keys first: ALTER TABLE ... ADD PRIMARY KEY takes an exclusive
// lock and would otherwise queue behind a GiST build on the same table. Then
// the most expensive builds, so the longest one starts early.
int BuildOrder(IndexKind kind, const std::string& name) {
  if (kind == IndexKind::kPrimaryKey) return 0;
  if (kind == IndexKind::kGist) return name.find("region") != std::string::npos ? 1 : 2;
  return 3;
}

}  // namespace

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

std::vector<const IndexDef*> IndexesToSetAside(const std::vector<IndexDef>& indexes,
                                               const std::vector<StashEntry>& stash,
                                               const std::vector<LedgerEntry>& ledger,
                                               const std::vector<Chunk>& chunks) {
  std::vector<const IndexDef*> out;
  for (const IndexDef& idx : indexes) {
    const bool stashed = std::any_of(stash.begin(), stash.end(),
                                     [&](const StashEntry& e) { return e.index_name == idx.name; });
    if (stashed) continue;
    uint64_t added = 0;
    for (const Chunk& c : chunks) {
      if (c.table == idx.table) added += c.range.count;
    }
    if (added == 0) continue;
    const uint64_t existing = LedgerRows(ledger, idx.table->qualified_name());
    if (ChooseIndexAction(idx.kind, existing, added) == IndexAction::kSetAside) {
      out.push_back(&idx);
    }
  }
  return out;
}

Result<std::vector<IndexWave>> IndexBuildWaves(const std::vector<IndexDef>& indexes,
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
  std::sort(todo.begin(), todo.end(), [](const IndexDef* a, const IndexDef* b) {
    return BuildOrder(a->kind, a->name) < BuildOrder(b->kind, b->name);
  });
  // Two waves, so no CREATE INDEX can take its table's lock before the
  // primary key's ALTER TABLE does (measured at D2: a primary key that lost
  // that race waited 284 s behind the point GiST).
  const auto keys_end = std::partition_point(todo.begin(), todo.end(), [](const IndexDef* d) {
    return d->kind == IndexKind::kPrimaryKey;
  });
  return std::vector<IndexWave>{{todo.begin(), keys_end}, {keys_end, todo.end()}};
}

}  // namespace skyseed
