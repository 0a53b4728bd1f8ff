// What a sweep concluded for a tier, as its record keeps it: the limit
// classes, each step's verdict and the finding. The rule that reaches them
// is capacity/saturation.h's; the types live with the record, which stores
// and reads them back.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace skyseed {

// The limit classes of the users' scaling report.
enum class LimitKind {
  kNone,
  kDatabaseCpu,
  kDatabaseIo,
  kClient,
  kTapCpu,
  kSerialisation,
  kUnknown
};
const char* LimitKindName(LimitKind k);                // "none", "database-cpu", "tap-cpu", ...
LimitKind LimitKindFromName(const std::string& name);  // kUnknown for anything else

// One step's limit, as the sweep classified it against the tier's first
// step: recorded with the finding, so the report shows the verdict the
// sweep reached rather than deriving it again.
struct StepVerdict {
  int clients = 0;
  bool classified = false;  // false: the step had no valid window
  LimitKind limit = LimitKind::kNone;
  std::string why;  // the figures that decided it
};

struct SaturationFinding {
  bool saturated = false;
  size_t step = 0;  // index of the first step that did not scale
  LimitKind limit = LimitKind::kNone;
  std::string reason;  // the figures that decided it, one line
  // Every step's limit, in client order (empty in sweeps recorded before
  // each step's was kept). A step that still scaled and that no resource
  // explains is none.
  std::vector<StepVerdict> steps;
};

}  // namespace skyseed
