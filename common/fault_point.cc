#include "common/fault_point.h"

#include <signal.h>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <string>

namespace skyseed {
namespace {

struct FaultAt {
  int signal = 0;  // 0: no fault point set
  std::string point;
  long pass = 1;
};

// "<point>:<n>", or "<point>" for its first pass.
FaultAt ReadFaultAt() {
  FaultAt f;
  const char* env = std::getenv("SKYSEED_KILL_AT");
  f.signal = SIGKILL;
  if (env == nullptr) {
    env = std::getenv("SKYSEED_STOP_AT");
    f.signal = SIGSTOP;
  }
  if (env == nullptr) return {};
  const char* colon = std::strrchr(env, ':');
  f.point = colon ? std::string(env, colon) : std::string(env);
  if (colon) f.pass = std::strtol(colon + 1, nullptr, 10);
  return f;
}

}  // namespace

void FaultPoint(const char* point) {
  static const FaultAt fault = ReadFaultAt();
  if (fault.signal == 0 || fault.point != point) return;
  static std::atomic<long> passes{0};
  if (passes.fetch_add(1) + 1 == fault.pass) raise(fault.signal);
}

}  // namespace skyseed
