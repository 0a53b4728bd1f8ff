// Memory settings given on the command line for the server
// (--maintenance-work-mem), checked before anything is touched: first
// against PostgreSQL's documented range, then, once connected, against the
// server's own (pg_settings), so that a value it would refuse never costs a
// load that ends at the first index build.
#pragma once

#include <cstdint>
#include <string>

#include "common/status.h"
#include "loader/pg_connection.h"

namespace skyseed {

// maintenance_work_mem's range in PostgreSQL 15 (guc.c), in kB.
inline constexpr uint64_t kMaintenanceWorkMemMinKb = 1024;
inline constexpr uint64_t kMaintenanceWorkMemMaxKb = 2147483647;

// `value` (PostgreSQL's syntax: digits, then kB, MB, GB or TB; no unit
// means kB) in kB; InvalidArgument naming `what` for any other text.
Result<uint64_t> MemorySettingKb(const std::string& value, const char* what);

// InvalidArgument, one line naming `what`, unless `value` lies in
// min_kb .. max_kb.
Status CheckMemoryRange(const std::string& value, const char* what, uint64_t min_kb,
                        uint64_t max_kb);

// CheckMemoryRange against the server's min_val and max_val of
// maintenance_work_mem.
Status CheckMaintenanceWorkMemOnServer(PgConnection& conn, const std::string& value);

}  // namespace skyseed
