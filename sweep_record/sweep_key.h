// A sweep's identity: what it measured (the database, or a TAP service in
// front of it), with which mix and windows, on which draws. A rerun reuses
// only the windows recorded under the same key, so a key's text is written
// by Text() alone and read back by SweepKeyFromText alone: no other code
// looks inside the string.
#pragma once

#include <cstdint>
#include <string>

#include "common/status.h"

namespace skyseed {

enum class SweepKind { kDatabase, kTap };

struct SweepKey {
  SweepKind kind = SweepKind::kDatabase;
  std::string mix;      // "lookup_source=70,cone_source=30"
  std::string service;  // TAP only: "skyseed-dachs+cpus=0.25", or the service's shown URL
  int duration_s = 0;
  int warmup_s = 0;
  int warmup_interval_s = 0;  // 0: not part of the key (a fixed warm-up, or the default interval)
  uint64_t seed = 0;
  int64_t lookups = 0;
  int64_t cones = 0;

  bool tap() const { return kind == SweepKind::kTap; }
  // What its windows count per second (SweepKindWords, sweep_kind_words.h).
  const char* units() const;
  // "mix=...;duration=60;warmup=120;seed=1;lookups=10000;cones=2000", with
  // "target=tap;" and ";service=..." for a TAP sweep: the form every sweep
  // has been recorded under, so older windows are still found.
  std::string Text() const;
};

// The key Text() wrote; Corruption for any other text.
Result<SweepKey> SweepKeyFromText(const std::string& text);

// Whether two sweeps drew the same queries after the same warm-up (seed,
// lookups, cones, warm-up): what `--target both` records twice, once per
// target, whatever each window's length.
bool SameDraws(const SweepKey& a, const SweepKey& b);

// "3fa2c1d0": eight hex digits naming a sweep by its key, so what is named
// after it (the report's chart files) stays put when other sweeps are
// recorded beside it.
std::string SweepId(const SweepKey& key);

}  // namespace skyseed
