#include "sweep_record/saturation_finding.h"

namespace skyseed {

const char* LimitKindName(LimitKind k) {
  switch (k) {
    case LimitKind::kNone:
      return "none";
    case LimitKind::kDatabaseCpu:
      return "database-cpu";
    case LimitKind::kDatabaseIo:
      return "database-io";
    case LimitKind::kClient:
      return "client";
    case LimitKind::kTapCpu:
      return "tap-cpu";
    case LimitKind::kSerialisation:
      return "serialisation";
    case LimitKind::kUnknown:
      return "unknown";
  }
  return "unknown";
}

LimitKind LimitKindFromName(const std::string& name) {
  for (LimitKind k : {LimitKind::kNone, LimitKind::kDatabaseCpu, LimitKind::kDatabaseIo,
                      LimitKind::kClient, LimitKind::kTapCpu, LimitKind::kSerialisation}) {
    if (name == LimitKindName(k)) return k;
  }
  return LimitKind::kUnknown;
}

}  // namespace skyseed
