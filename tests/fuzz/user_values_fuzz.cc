// ParseSeed, ParseCount, ParseSize and ParseShard: any string is either a
// clean InvalidArgument or a value inside the documented range (a silently
// clamped or wrapped value would be the bug).
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>

#include "common/user_values.h"
#include "tests/fuzz/fuzz_check.h"

namespace skyseed {
namespace {

template <typename T>
bool Rejected(const Result<T>& r) {
  if (r.ok()) return false;
  SKYSEED_FUZZ_CHECK(r.status().code() == Status::Code::kInvalidArgument);
  return true;
}

void CheckCount(const std::string& text, uint64_t min, uint64_t max) {
  Result<uint64_t> v = ParseCount(text, "--fuzz", min, max);
  if (!Rejected(v)) SKYSEED_FUZZ_CHECK(*v >= min && *v <= max);
}

void Check(const std::string& text) {
  Result<uint64_t> seed = ParseSeed(text);
  if (!Rejected(seed)) SKYSEED_FUZZ_CHECK(*seed <= static_cast<uint64_t>(INT64_MAX));

  // The ranges the CLI uses, the widest one, and an empty one.
  CheckCount(text, 1, 64);
  CheckCount(text, 100, 10'000'000);
  CheckCount(text, 0, UINT64_MAX);
  CheckCount(text, 5, 4);

  Result<uint64_t> size = ParseSize(text);
  if (!Rejected(size)) SKYSEED_FUZZ_CHECK(*size >= 1 && *size < (uint64_t{1} << 62));

  Result<std::pair<int, int>> shard = ParseShard(text);
  if (!Rejected(shard)) {
    SKYSEED_FUZZ_CHECK(shard->first >= 0 && shard->first < shard->second);
    SKYSEED_FUZZ_CHECK(shard->second <= 1024);
  }
}

}  // namespace
}  // namespace skyseed

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  // These values only ever come from argv, which cannot hold a NUL.
  const char* text = reinterpret_cast<const char*>(data);
  skyseed::Check(std::string(text, strnlen(text, size)));
  return 0;
}
