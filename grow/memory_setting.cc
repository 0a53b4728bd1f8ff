#include "grow/memory_setting.h"

#include <regex>

namespace skyseed {

Result<uint64_t> MemorySettingKb(const std::string& value, const char* what) {
  static const std::regex kMemory("([1-9][0-9]{0,9})(kB|MB|GB|TB)?");
  std::smatch m;
  if (!std::regex_match(value, m, kMemory)) {
    return Status::InvalidArgument(std::string(what) + " '" + value +
                                   "' is not a PostgreSQL memory size such as 512MB or 2GB "
                                   "(units kB, MB, GB, TB, case as shown)");
  }
  const std::string unit = m[2].str();
  const int shift = unit == "TB" ? 30 : unit == "GB" ? 20 : unit == "MB" ? 10 : 0;
  // At most 10 digits times 2^30: well inside 64 bits.
  return std::stoull(m[1].str()) << shift;
}

Status CheckMemoryRange(const std::string& value, const char* what, uint64_t min_kb,
                        uint64_t max_kb) {
  SKYSEED_ASSIGN_OR_RETURN(uint64_t kb, MemorySettingKb(value, what));
  if (kb >= min_kb && kb <= max_kb) return Status::Ok();
  return Status::InvalidArgument(std::string(what) + " " + value + " (" + std::to_string(kb) +
                                 " kB) is outside the valid range " + std::to_string(min_kb) +
                                 " kB .. " + std::to_string(max_kb) + " kB");
}

Status CheckMaintenanceWorkMemOnServer(PgConnection& conn, const std::string& value) {
  PgResult r;
  // min_val and max_val are in the setting's unit, kB.
  SKYSEED_RETURN_IF_ERROR(conn.Query(
      "SELECT min_val, max_val, unit FROM pg_settings WHERE name = 'maintenance_work_mem'", &r));
  if (r.rows() != 1 || r.text(0, 2) != "kB") {
    return CheckMemoryRange(value, "--maintenance-work-mem", kMaintenanceWorkMemMinKb,
                            kMaintenanceWorkMemMaxKb);
  }
  return CheckMemoryRange(value, "--maintenance-work-mem", std::stoull(r.text(0, 0)),
                          std::stoull(r.text(0, 1)));
}

}  // namespace skyseed
