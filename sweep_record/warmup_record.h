// What a tier's warm-up did, as its sweep record keeps it: the intervals
// and the outcome. The rule that decides them is capacity/warmup.h's.
#pragma once

#include <string>
#include <vector>

namespace skyseed {

// What one warm-up interval measured (from its SweepWindow).
struct WarmupInterval {
  double seconds = 0;
  double tps = 0;
  double hit_ratio = 1;
  double reads_per_s = 0;
};

enum class WarmupOutcome { kSettled, kNotSettled, kFixed };
// "settled", "not settled", "fixed".
const char* WarmupOutcomeName(WarmupOutcome o);
// kNotSettled for a name it does not know.
WarmupOutcome WarmupOutcomeFromName(const std::string& name);

// What a tier's warm-up did, recorded with the tier's sweep.
struct WarmupRecord {
  int clients = 0;  // the client count it ran at: the first one still to measure
  int interval_s = 0;
  int max_s = 0;
  std::vector<WarmupInterval> intervals;
  double seconds = 0;  // their sum
  WarmupOutcome outcome = WarmupOutcome::kFixed;
};

}  // namespace skyseed
