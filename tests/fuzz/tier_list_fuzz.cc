// ParseTierList and FindTier (--tier S,D1 and --tiers): any string is either
// a clean InvalidArgument or a list the grow steps can rely on.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>

#include "tests/fuzz/fuzz_check.h"
#include "tiers/tier_spec.h"

namespace skyseed {
namespace {

bool IsBuiltin(const TierSpec& t) {
  for (const TierSpec& b : BuiltinTiers()) {
    if (b.name == t.name && b.rows == t.rows) {
      return true;
    }
  }
  return false;
}

void Check(const std::string& text) {
  Result<TierSpec> one = FindTier(text);
  if (one.ok()) {
    SKYSEED_FUZZ_CHECK(IsBuiltin(*one));
  } else {
    SKYSEED_FUZZ_CHECK(one.status().code() == Status::Code::kInvalidArgument);
  }

  Result<std::vector<TierSpec>> list = ParseTierList(text);
  if (!list.ok()) {
    SKYSEED_FUZZ_CHECK(list.status().code() == Status::Code::kInvalidArgument);
    return;
  }
  // One tier per comma-separated item: nothing skipped, nothing merged.
  const size_t items = static_cast<size_t>(std::count(text.begin(), text.end(), ',')) + 1;
  SKYSEED_FUZZ_CHECK(list->size() == items);
  for (size_t i = 0; i < list->size(); ++i) {
    SKYSEED_FUZZ_CHECK(IsBuiltin((*list)[i]));
    // Each tier's rows are a prefix of the next one's, in both tables.
    if (i > 0) {
      for (size_t t = 0; t < (*list)[i].rows.size(); ++t) {
        SKYSEED_FUZZ_CHECK((*list)[i - 1].rows[t] < (*list)[i].rows[t]);
      }
    }
  }
}

}  // namespace
}  // namespace skyseed

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  // The list only ever comes from argv, which cannot hold a NUL.
  const char* text = reinterpret_cast<const char*>(data);
  skyseed::Check(std::string(text, strnlen(text, size)));
  return 0;
}
