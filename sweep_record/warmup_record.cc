#include "sweep_record/warmup_record.h"

namespace skyseed {

const char* WarmupOutcomeName(WarmupOutcome o) {
  switch (o) {
    case WarmupOutcome::kSettled:
      return "settled";
    case WarmupOutcome::kNotSettled:
      return "not settled";
    case WarmupOutcome::kFixed:
      return "fixed";
  }
  return "not settled";
}

WarmupOutcome WarmupOutcomeFromName(const std::string& name) {
  if (name == "settled") return WarmupOutcome::kSettled;
  if (name == "fixed") return WarmupOutcome::kFixed;
  return WarmupOutcome::kNotSettled;
}

}  // namespace skyseed
