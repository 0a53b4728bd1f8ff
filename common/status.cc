#include "common/status.h"

namespace skyseed {

int ExitCodeFor(const Status& s) {
  if (s.ok()) return kExitOk;
  return s.code() == Status::Code::kInvalidArgument ? kExitUsage : kExitFailure;
}

}  // namespace skyseed
