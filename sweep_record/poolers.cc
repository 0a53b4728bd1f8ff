#include "sweep_record/poolers.h"

#include <signal.h>

namespace skyseed {

const std::vector<Pooler>& Poolers() {
  // Pgpool-II's fast shutdown is SIGINT: SIGTERM waits for its clients.
  static const std::vector<Pooler> kPoolers = {
      {PoolerKind::kNone, "none", "", "", SIGTERM, false},
      {PoolerKind::kPgbouncer, "pgbouncer", "pgbouncer", "pgbouncer", SIGTERM, false},
      {PoolerKind::kPgpool, "pgpool", "pgpool", "pgpool2", SIGINT, true},
  };
  return kPoolers;
}

const Pooler& PoolerOf(PoolerKind k) {
  for (const Pooler& p : Poolers()) {
    if (p.kind == k) return p;
  }
  return Poolers().front();
}

const char* PoolerName(PoolerKind k) { return PoolerOf(k).name; }

const char* PoolerProgram(PoolerKind k) { return PoolerOf(k).program; }

std::string PoolerNames() {
  std::string out;
  const std::vector<Pooler>& all = Poolers();
  for (size_t i = 0; i < all.size(); ++i) {
    out += i == 0 ? "" : (i + 1 == all.size() ? " or " : ", ");
    out += all[i].name;
  }
  return out;
}

std::string SessionKeepingPoolerOption() {
  for (const Pooler& p : Poolers()) {
    if (p.keeps_sessions) return std::string(" (--tap-pooler ") + p.name + ")";
  }
  return "";
}

Result<PoolerKind> ParsePooler(const std::string& text) {
  for (const Pooler& p : Poolers()) {
    if (text == p.name) return p.kind;
  }
  return Status::InvalidArgument("--tap-pooler must be " + PoolerNames() + ", not '" + text + "'");
}

}  // namespace skyseed
