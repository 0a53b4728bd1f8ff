#include "sweep_record/guard_flag.h"

#include <utility>

namespace skyseed {

const std::vector<GuardInfo>& GuardTable() {
  static const std::vector<GuardInfo> guards = {
      {Guard::kGeneratorCompleted, "load generator ran to completion", "generator_completed"},
      {Guard::kGeneratorLogCount, "load generator's log matches its own count",
       "generator_log_count"},
      {Guard::kGeneratorCeiling, "load generator below its ceiling", "generator_ceiling"},
      {Guard::kHostUncontended, "no other process holding the CPUs", "host_uncontended"},
      {Guard::kNoSwapping, "no swapping", "no_swapping"},
      {Guard::kDiskHeadroom, "disk headroom kept", "disk_headroom"},
      {Guard::kNoRestarts, "no unexpected restarts", "no_restarts"},
      {Guard::kWarmCache, "warm cache", "warm_cache"},
  };
  return guards;
}

const char* GuardName(Guard g) {
  for (const GuardInfo& i : GuardTable()) {
    if (i.guard == g) return i.name;
  }
  return "every flag of a known guard";
}

const char* GuardKey(Guard g) {
  for (const GuardInfo& i : GuardTable()) {
    if (i.guard == g) return i.key;
  }
  return "unknown";
}

Guard GuardFromKey(const std::string& key) {
  for (const GuardInfo& i : GuardTable()) {
    if (key == i.key) return i.guard;
  }
  return Guard::kUnknown;
}

bool HasGuard(const std::vector<GuardFlag>& flags, Guard g) {
  for (const GuardFlag& f : flags) {
    if (f.guard == g) return true;
  }
  return false;
}

std::vector<std::string> FlagTexts(const std::vector<GuardFlag>& flags) {
  std::vector<std::string> texts;
  for (const GuardFlag& f : flags) texts.push_back(f.text);
  return texts;
}

std::vector<std::string> FlagGuardKeys(const std::vector<GuardFlag>& flags) {
  std::vector<std::string> keys;
  for (const GuardFlag& f : flags) keys.push_back(GuardKey(f.guard));
  return keys;
}

std::vector<GuardFlag> RecordedFlags(const std::vector<std::string>& texts,
                                     const std::vector<std::string>& guard_keys) {
  std::vector<GuardFlag> flags;
  const bool typed = guard_keys.size() == texts.size();
  for (size_t i = 0; i < texts.size(); ++i) {
    flags.push_back(typed ? GuardFlag{GuardFromKey(guard_keys[i]), texts[i]}
                          : LegacyGuardFlag(texts[i]));
  }
  return flags;
}

GuardFlag LegacyGuardFlag(const std::string& text) {
  // The words each guard's flags began with before flags were typed
  // (sweep/window_frame.cc; "cold: warm-up did not settle ..." and "cold
  // cache: hit ..." both the warm cache's).
  static const std::vector<std::pair<const char*, Guard>> starts = {
      {"pgbench exited", Guard::kGeneratorCompleted},
      {"tapbench exited", Guard::kGeneratorCompleted},
      {"log holds", Guard::kGeneratorLogCount},
      {"load generator at its ceiling", Guard::kGeneratorCeiling},
      {"host-contended", Guard::kHostUncontended},
      {"swap grew", Guard::kNoSwapping},
      {"disk headroom", Guard::kDiskHeadroom},
      {"server restarted", Guard::kNoRestarts},
      {"cold", Guard::kWarmCache},
  };
  for (const auto& [start, guard] : starts) {
    if (text.rfind(start, 0) == 0) return {guard, text};
  }
  return {Guard::kUnknown, text};
}

}  // namespace skyseed
