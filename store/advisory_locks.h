// Advisory locks every skyseed agrees on. A plain grow holds the grow lock
// exclusively, shards hold it shared (so a plain grow and shards never
// interleave) plus one lock per shard number (so a shard never runs twice);
// verify holds it exclusively, so it never reads a corpus in mid-growth. The
// finish lock picks the one shard that finishes a tier; the setup lock
// serialises creating the extension and the schema.
#pragma once

#include <cstdint>
#include <string>

#include "common/status.h"
#include "loader/pg_connection.h"

namespace skyseed {

inline constexpr const char* kGrowLockKey = "7020584306458092132";
inline constexpr const char* kFinishLockKey = "7020584306458092133";
inline constexpr const char* kSetupLockKey = "7020584306458092134";
// Held exclusively by a sweep while it measures (either target): a grow not
// run by a sweep, and a second sweep, are refused while it is held (a sweep
// refuses a grow's database through the grow lock).
inline constexpr const char* kSweepLockKey = "7020584306458092135";
inline constexpr int64_t kShardLockBase = 7020584306458000000;

enum class LockMode { kExclusive, kShared };

// True when this session took the lock, false when another session holds it.
Result<bool> TryAdvisoryLock(PgConnection& conn, const std::string& key,
                             LockMode mode = LockMode::kExclusive);
// Waits for the lock.
Status AdvisoryLock(PgConnection& conn, const std::string& key);
Status AdvisoryUnlock(PgConnection& conn, const std::string& key);
// Whether any session holds the lock on this database, in any mode; takes
// nothing (two shards asking at once both get the answer).
Result<bool> AdvisoryLockHeld(PgConnection& conn, const std::string& key);

}  // namespace skyseed
