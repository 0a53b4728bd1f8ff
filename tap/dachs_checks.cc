#include "tap/dachs_checks.h"

#include <cctype>

#include "common/cpu_limit_group.h"
#include "sweep_record/poolers.h"
#include "tap/dachs_leftovers.h"
#include "tap/service_host.h"

namespace skyseed {
namespace {

constexpr const char* kDachsSchemas[] = {"dc", "tap_schema", "uws", "ivoa"};

bool IsWord(const std::string& s) {
  if (s.empty()) return false;
  for (char c : s) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  }
  return true;
}

}  // namespace

Status CheckDachsInstalled() {
  if (OnPath("dachs")) return Status::Ok();
  return Status::InvalidArgument(
      "--target tap without --tap-url runs GAVO DaCHS, which is not installed: apt-get install "
      "gavodachs2-server python3-pyvo (scripts/install-tap-deps.sh), or give --tap-url");
}

Status CheckServingTools(int instances, double cpus, PoolerKind pooler) {
  if (instances > 1 && !OnPath("haproxy")) {
    return Status::InvalidArgument(
        "--tap-instances serves DaCHS behind haproxy, which is not installed: apt-get install "
        "haproxy (scripts/install-tap-deps.sh)");
  }
  const Pooler& p = PoolerOf(pooler);
  if (pooler != PoolerKind::kNone && !OnPath(p.program)) {
    return Status::InvalidArgument(std::string("--tap-pooler ") + p.name + ": " + p.program +
                                   " is not installed: apt-get install " + p.package +
                                   " (scripts/install-tap-deps.sh)");
  }
  return cpus > 0 ? CheckCpuLimitAvailable() : Status::Ok();
}

Status CheckDachsSetting(const std::string& setting) {
  const size_t dot = setting.find('.');
  const size_t eq = setting.find('=');
  if (dot == std::string::npos || eq == std::string::npos || dot > eq ||
      !IsWord(setting.substr(0, dot)) || !IsWord(setting.substr(dot + 1, eq - dot - 1)) ||
      setting.find_first_of("\n\r") != std::string::npos) {
    // Line breaks shown, not printed: the error stays one line.
    std::string shown;
    for (const char c : setting) shown += c == '\n' ? "\\n" : c == '\r' ? "\\r" : std::string(1, c);
    return Status::InvalidArgument(
        "--dachs-setting '" + shown +
        "' is not SECTION.KEY=VALUE (e.g. async.defaultExecTimeSync=120)");
  }
  return Status::Ok();
}

namespace {

Status DachsCannotServe(const std::string& dbname) {
  return Status::InvalidArgument(
      "--database '" + dbname +
      "': skyseed's DaCHS cannot serve it, as DaCHS's own set-up (dachs init) writes the name "
      "unquoted into SQL: use a name of lower-case letters, digits and _ for a TAP sweep through "
      "skyseed's DaCHS, or serve this one yourself and give --tap-url");
}

}  // namespace

Status CheckDachsDatabaseName(const std::string& dbname) {
  bool plain = !dbname.empty() && !std::isdigit(static_cast<unsigned char>(dbname[0]));
  for (const char c : dbname)
    plain = plain &&
            ((c >= 'a' && c <= 'z') || std::isdigit(static_cast<unsigned char>(c)) || c == '_');
  return plain ? Status::Ok() : DachsCannotServe(dbname);
}

Status CheckDachsDatabaseName(PgConnection& conn, const std::string& dbname) {
  SKYSEED_RETURN_IF_ERROR(CheckDachsDatabaseName(dbname));
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(conn.Query("SELECT quote_ident($1) = $1", {dbname}, &r));
  return r.text(0, 0) == "t" ? Status::Ok() : DachsCannotServe(dbname);
}

Status CheckNoDachsIn(PgConnection& conn, bool ivoa_is_skyseeds) {
  // A schema owned by skyseed's own DaCHS role is a killed sweep's: Start
  // removes it. Anything else of DaCHS's belongs to someone else.
  for (const char* schema : kDachsSchemas) {
    if (ivoa_is_skyseeds && std::string(schema) == "ivoa") continue;
    PgResult r;
    SKYSEED_RETURN_IF_ERROR(conn.Query(
        "SELECT nspowner::regrole::text FROM pg_namespace WHERE nspname = $1", {schema}, &r));
    if (r.rows() > 0 && r.text(0, 0) != kDachsRoles[0]) {
      return Status::InvalidArgument(
          std::string("the database already holds schema ") + schema + " (owned by " +
          r.text(0, 0) +
          ": another DaCHS?); skyseed runs its own DaCHS only on a database without one: "
          "measure that service with --tap-url instead");
    }
  }
  return Status::Ok();
}

}  // namespace skyseed
