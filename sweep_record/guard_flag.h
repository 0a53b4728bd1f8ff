// A window's failed validity guard, typed: the guard it belongs to and what
// happened, in words. The guards are named in one table (GuardTable): the
// summary's order and wording, and the key a record stores, so a flag is
// never matched back to its guard by its words. Windows recorded before
// flags were typed hold the words alone; LegacyGuardFlag is the one place
// that still reads a guard from them.
#pragma once

#include <string>
#include <vector>

namespace skyseed {

enum class Guard {
  kGeneratorCompleted,  // pgbench or tapbench exited 0
  kGeneratorLogCount,   // its log holds as many requests as it says
  kGeneratorCeiling,    // no thread of it at its CPU ceiling
  kHostUncontended,     // no other process held the CPUs
  kNoSwapping,
  kDiskHeadroom,
  kNoRestarts,
  kWarmCache,  // the warm-up settled, and no repetition was colder than its twins
  // A recorded flag of no guard this skyseed knows (a hand edit, another
  // version's guard): still a failed window, summarised apart.
  kUnknown,
};

struct GuardFlag {
  Guard guard = Guard::kUnknown;
  std::string text;  // "swap grew in the window", "host-contended: other processes held ..."
  bool operator==(const GuardFlag& o) const { return guard == o.guard && text == o.text; }
};

struct GuardInfo {
  Guard guard;
  const char* name;  // "no swapping": what the summary calls it
  const char* key;   // "no_swapping": what a record stores
};
// Every guard but kUnknown, in the order the summary lists them.
const std::vector<GuardInfo>& GuardTable();
// kUnknown: "every flag of a known guard", the summary's line for it.
const char* GuardName(Guard g);
// kUnknown: "unknown".
const char* GuardKey(Guard g);
// kUnknown for a key no guard has.
Guard GuardFromKey(const std::string& key);

// Whether any of `flags` belongs to `g`.
bool HasGuard(const std::vector<GuardFlag>& flags, Guard g);

// The flags as records keep them: their words (what people and scripts
// read, as before) and, in the same order, their guards' keys.
std::vector<std::string> FlagTexts(const std::vector<GuardFlag>& flags);
std::vector<std::string> FlagGuardKeys(const std::vector<GuardFlag>& flags);
// Read back: typed by `guard_keys` when it has one key per text; otherwise
// (a record from before typed flags) each text through LegacyGuardFlag.
std::vector<GuardFlag> RecordedFlags(const std::vector<std::string>& texts,
                                     const std::vector<std::string>& guard_keys);

// The guard of a flag recorded as words alone, by the words each guard
// began its flags with; kUnknown when none did.
GuardFlag LegacyGuardFlag(const std::string& text);

}  // namespace skyseed
