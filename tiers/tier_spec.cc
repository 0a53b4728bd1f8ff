#include "tiers/tier_spec.h"

#include <algorithm>
#include <cmath>

#include "generator/obscore_row.h"
#include "generator/sky_steps.h"
#include "generator/source_row.h"

namespace skyseed {
namespace {

// Every table holds more rows in `next` than in `prev`.
bool Grows(const TierSpec& prev, const TierSpec& next) {
  for (size_t i = 0; i < next.rows.size(); ++i) {
    if (next.rows[i] <= prev.rows[i]) return false;
  }
  return true;
}

}  // namespace

const std::vector<TierSpec>& BuiltinTiers() {
  // The tiers end on the generator's sky steps (generator/sky_steps.h),
  // which own their sizes.
  static const std::vector<TierSpec> tiers = [] {
    std::vector<TierSpec> out;
    for (const NamedStepEnd& end : NamedStepEnds()) {
      TierSpec t{end.tier, {}};
      t.rows[CorpusTableWithId(kObsCoreTableId).index] = end.obscore_rows;
      t.rows[CorpusTableWithId(kSourceTableId).index] = end.source_rows;
      out.push_back(t);
    }
    return out;
  }();
  return tiers;
}

std::string TierNames() {
  std::string names;
  for (const TierSpec& t : BuiltinTiers()) names += (names.empty() ? "" : ", ") + t.name;
  return names;
}

Result<TierSpec> FindTier(const std::string& name) {
  for (const TierSpec& t : BuiltinTiers()) {
    if (t.name == name) return t;
  }
  return Status::InvalidArgument("unknown tier '" + name + "' (known: " + TierNames() +
                                 "; the names are case-sensitive)");
}

Result<std::vector<TierSpec>> ParseTierList(const std::string& list) {
  std::vector<TierSpec> out;
  size_t start = 0;
  for (;;) {
    const size_t comma = list.find(',', start);
    const std::string item = list.substr(start, comma == std::string::npos ? comma : comma - start);
    if (item.empty()) return Status::InvalidArgument("empty tier name in tier list '" + list + "'");
    SKYSEED_ASSIGN_OR_RETURN(TierSpec tier, FindTier(item));
    if (!out.empty() && !Grows(out.back(), tier)) {
      return Status::InvalidArgument("tier list '" + list + "' must name tiers in growing order");
    }
    out.push_back(tier);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

}  // namespace skyseed
