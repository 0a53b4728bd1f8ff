#include "report/tier_model.h"

#include <algorithm>
#include <set>

namespace skyseed {
namespace {

TierPhases ReadPhases(const TierRecord& record) {
  if (!record.phases_recorded) return {};
  const PhaseTimes* t = &record.phases;
  return {true,
          t->load.value_or(0),
          t->indexes.value_or(0),
          t->vacuum.value_or(0),
          t->index_builds,
          t->tasks,
          t->cores,
          t->busy_is_cpu,
          t->host_busy};
}

}  // namespace

const TierTableRecord* FindTierTable(const TierRecord& t, const std::string& table) {
  for (const TierTableRecord& r : t.tables) {
    if (r.table == table) return &r;
  }
  return nullptr;
}

double TierTableRows(const TierRecord& t, const std::string& table) {
  const TierTableRecord* r = FindTierTable(t, table);
  return r ? static_cast<double>(r->digest.rows) : 0;
}

TierModel BuildTierModel(const ReportInput& in) {
  TierModel m{in, {}, {}, {}, {}};
  std::set<std::string> indexes;
  for (const TierRecord& t : in.tiers) {
    m.groups.push_back(t.tier);
    for (const TierTableRecord& r : t.tables) {
      if (std::find(m.tables.begin(), m.tables.end(), r.table) == m.tables.end()) {
        m.tables.push_back(r.table);
      }
    }
    m.phases.push_back(ReadPhases(t));
    for (const auto& [name, s] : m.phases.back().index_builds) indexes.insert(name);
  }
  m.indexes.assign(indexes.begin(), indexes.end());
  return m;
}

double LoadedRows(const ReportInput& in, size_t i, const std::string& table) {
  const double now = TierTableRows(in.tiers[i], table);
  const double before = i == 0 ? 0 : TierTableRows(in.tiers[i - 1], table);
  return before <= now ? now - before : now;
}

std::string ShortTime(std::string t) {
  const size_t dot = t.find('.');
  if (dot == std::string::npos) return t;
  const size_t zone = t.find_first_of("+-", dot);
  return t.erase(dot, (zone == std::string::npos ? t.size() : zone) - dot);
}

}  // namespace skyseed
