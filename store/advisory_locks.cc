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

Result<bool> AdvisoryLockHeld(PgConnection& conn, const std::string& key) {
  // pg_locks shows a bigint key as its high and low 32 bits (objsubid 1).
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(
      conn.Query("SELECT EXISTS (SELECT 1 FROM pg_locks l JOIN pg_database d ON d.oid = l.database "
                 "WHERE l.locktype = 'advisory' AND l.objsubid = 1 AND l.granted "
                 "AND d.datname = current_database() "
                 "AND (l.classid::bigint << 32) | l.objid::bigint = $1::bigint)",
                 {key}, &r));
  return r.rows() == 1 && r.text(0, 0) == "t";
}

}  // namespace skyseed
