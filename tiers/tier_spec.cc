#include "tiers/tier_spec.h"

#include <algorithm>
#include <cmath>

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
  // Rows of {ivoa.obscore, gaia.gaia_source}, in CorpusTables() order. D1
  // matches the reference run's 700,090 ObsCore rows and ~8.87 M rows in
  // all; D2-D4 keep its ratio of sources per observation.
  static const std::vector<TierSpec> tiers = {
      {"ci", {10'000, 100'000}},          // 10 sources per observation
      {"S", {100'000, 1'000'000}},        // 10
      {"D1", {700'090, 8'170'000}},       // 11.67, the reference run's
      {"D2", {3'000'000, 35'010'000}},    // 11.67
      {"D3", {7'400'000, 86'360'000}},    // 11.67
      {"D4", {13'300'000, 155'210'000}},  // 11.67
  };
  return tiers;
}

const TierSpec& ReferenceTier() {
  static const TierSpec& reference =
      *std::find_if(BuiltinTiers().begin(), BuiltinTiers().end(),
                    [](const TierSpec& t) { return t.name == "D1"; });
  return reference;
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

TableRows RowsInProportion(const TierSpec& shape, const TableDef& lead, uint64_t lead_rows) {
  TableRows rows{};
  for (const TableDef& t : CorpusTables()) {
    const double per_lead_row =
        static_cast<double>(shape.RowsOf(t)) / static_cast<double>(shape.RowsOf(lead));
    rows[t.index] = t.index == lead.index
                        ? lead_rows
                        : static_cast<uint64_t>(std::llround(lead_rows * per_lead_row));
  }
  return rows;
}

}  // namespace skyseed
