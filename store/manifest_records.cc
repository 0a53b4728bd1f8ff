#include "store/manifest_records.h"

namespace skyseed {

bool HasTier(const std::vector<TierRecord>& records, const std::string& tier) {
  for (const TierRecord& t : records) {
    if (t.tier == tier) return true;
  }
  return false;
}

}  // namespace skyseed
