// Advisory lock keys every skyseed agrees on. A plain grow holds the grow
// lock exclusively, shards hold it shared (so a plain grow and shards never
// interleave) plus one lock per shard number (so a shard never runs twice);
// verify holds it exclusively, so it never reads a corpus in mid-growth.
#pragma once

#include <cstdint>

namespace skyseed {

inline constexpr const char* kGrowLockKey = "7020584306458092132";
inline constexpr const char* kFinishLockKey = "7020584306458092133";
inline constexpr const char* kSetupLockKey = "7020584306458092134";
inline constexpr int64_t kShardLockBase = 7020584306458000000;

}  // namespace skyseed
