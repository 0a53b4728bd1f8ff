#include "tiers/tier_spec.h"

#include <strings.h>

#include "generator/obscore_row.h"
#include "generator/source_row.h"

namespace skyseed {

uint64_t TierSpec::RowsFor(uint32_t table_id) const {
  if (table_id == kObsCoreTableId) return obscore_rows;
  if (table_id == kSourceTableId) return source_rows;
  return 0;
}

const std::vector<TierSpec>& BuiltinTiers() {
  // D1 matches the reference run's 700,090 ObsCore rows and ~8.87 M rows in
  // all; D2-D4 keep its ratio of 11.67 sources per observation.
  static const std::vector<TierSpec> tiers = {
      {"ci", 10'000, 100'000},
      {"S", 100'000, 1'000'000},
      {"D1", 700'090, 8'170'000},
      {"D2", 3'000'000, 35'010'000},
      {"D3", 7'400'000, 86'360'000},
      {"D4", 13'300'000, 155'210'000},
  };
  return tiers;
}

Result<TierSpec> FindTier(const std::string& name) {
  for (const TierSpec& t : BuiltinTiers()) {
    if (strcasecmp(t.name.c_str(), name.c_str()) == 0) return t;
  }
  std::string known;
  for (const TierSpec& t : BuiltinTiers()) known += (known.empty() ? "" : ", ") + t.name;
  return Status::InvalidArgument("unknown tier '" + name + "' (known: " + known + ")");
}

Result<std::vector<TierSpec>> ParseTierList(const std::string& list) {
  std::vector<TierSpec> out;
  size_t start = 0;
  for (;;) {
    const size_t comma = list.find(',', start);
    const std::string item = list.substr(start, comma == std::string::npos ? comma : comma - start);
    if (item.empty()) return Status::InvalidArgument("empty tier name in tier list '" + list + "'");
    Result<TierSpec> tier = FindTier(item);
    if (!tier.ok()) return tier.status();
    if (!out.empty() && (tier->obscore_rows <= out.back().obscore_rows)) {
      return Status::InvalidArgument("tier list '" + list + "' must name tiers in growing order");
    }
    out.push_back(*tier);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

}  // namespace skyseed
