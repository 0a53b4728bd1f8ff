#include "store/advisory_locks.h"

namespace skyseed {

Result<bool> TryAdvisoryLock(PgConnection& conn, const std::string& key, LockMode mode) {
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(conn.Query(mode == LockMode::kShared
                                         ? "SELECT pg_try_advisory_lock_shared($1::bigint)"
                                         : "SELECT pg_try_advisory_lock($1::bigint)",
                                     {key}, &r));
  return r.text(0, 0) == "t";
}

Status AdvisoryLock(PgConnection& conn, const std::string& key) {
  return conn.Query("SELECT pg_advisory_lock($1::bigint)", {key}, nullptr);
}

Status AdvisoryUnlock(PgConnection& conn, const std::string& key) {
  return conn.Query("SELECT pg_advisory_unlock($1::bigint)", {key}, nullptr);
}

}  // namespace skyseed
