#include "common/fault_point.h"

#include <signal.h>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <string>

namespace skyseed {
namespace {

struct KillAt {
  std::string point;
  long pass = 0;  // 0: no kill point set
};

KillAt ReadKillAt() {
  KillAt k;
  const char* env = std::getenv("SKYSEED_KILL_AT");
  if (env == nullptr) return k;
  const char* colon = std::strrchr(env, ':');
  k.point = colon ? std::string(env, colon) : std::string(env);
  k.pass = colon ? std::strtol(colon + 1, nullptr, 10) : 1;
  return k;
}

}  // namespace

void FaultPoint(const char* point) {
  static const KillAt kill_at = ReadKillAt();
  if (kill_at.pass <= 0 || kill_at.point != point) return;
  static std::atomic<long> passes{0};
  if (passes.fetch_add(1) + 1 == kill_at.pass) raise(SIGKILL);
}

}  // namespace skyseed
