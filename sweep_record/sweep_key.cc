#include "sweep_record/sweep_key.h"

#include <xxhash.h>

#include <cstdio>
#include <cstdlib>

#include "sweep_record/sweep_kind_words.h"

namespace skyseed {

const char* SweepKey::units() const { return WordsOf(kind).units; }

std::string SweepKey::Text() const {
  std::string warmup = ";warmup=" + std::to_string(warmup_s);
  if (warmup_interval_s > 0) warmup += ";warmup_interval=" + std::to_string(warmup_interval_s);
  const std::string windows =
      ";duration=" + std::to_string(duration_s) + warmup + ";seed=" + std::to_string(seed) +
      ";lookups=" + std::to_string(lookups) + ";cones=" + std::to_string(cones);
  if (!tap()) return "mix=" + mix + windows;
  return "target=tap;mix=" + mix + ";service=" + service + windows;
}

namespace {

// Takes "name=<value>" off the front of *rest up to `end` (or to the end of
// the text when `end` is empty), false when it is not there.
bool TakeField(std::string* rest, const std::string& name, const std::string& end,
               std::string* value) {
  const std::string head = name + "=";
  if (rest->rfind(head, 0) != 0) return false;
  const size_t stop = end.empty() ? rest->size() : rest->find(end, head.size());
  if (stop == std::string::npos) return false;
  *value = rest->substr(head.size(), stop - head.size());
  rest->erase(0, end.empty() ? stop : stop + 1);
  return true;
}

bool Whole(const std::string& text, int64_t* out) {
  if (text.empty() || text.size() > 19) return false;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
  }
  *out = std::strtoll(text.c_str(), nullptr, 10);
  return true;
}

}  // namespace

Result<SweepKey> SweepKeyFromText(const std::string& text) {
  SweepKey k;
  std::string rest = text;
  if (rest.rfind("target=tap;", 0) == 0) {
    k.kind = SweepKind::kTap;
    rest.erase(0, 11);
  }
  std::string duration, warmup, interval, seed, lookups, cones;
  bool ok = TakeField(&rest, "mix", ";", &k.mix);
  // A service's shown URL is the user's text: it ends at the last
  // ";duration=", after which only numbers follow.
  if (ok && k.tap()) {
    const size_t at = rest.rfind(";duration=");
    ok = at != std::string::npos && rest.rfind("service=", 0) == 0;
    if (ok) {
      k.service = rest.substr(8, at - 8);
      rest.erase(0, at + 1);
    }
  }
  ok = ok && TakeField(&rest, "duration", ";", &duration) &&
       TakeField(&rest, "warmup", ";", &warmup);
  if (ok && rest.rfind("warmup_interval=", 0) == 0) {
    ok = TakeField(&rest, "warmup_interval", ";", &interval);
  }
  ok = ok && TakeField(&rest, "seed", ";", &seed) && TakeField(&rest, "lookups", ";", &lookups) &&
       TakeField(&rest, "cones", "", &cones);
  int64_t d = 0, w = 0, i = 0, s = 0;
  ok = ok && rest.empty() && Whole(duration, &d) && Whole(warmup, &w) &&
       (interval.empty() || Whole(interval, &i)) && Whole(seed, &s) && Whole(lookups, &k.lookups) &&
       Whole(cones, &k.cones);
  if (ok) {
    k.duration_s = static_cast<int>(d);
    k.warmup_s = static_cast<int>(w);
    k.warmup_interval_s = static_cast<int>(i);
    k.seed = static_cast<uint64_t>(s);
  }
  // Written by Text() alone, so it must read back to the same text.
  if (!ok || k.Text() != text) {
    return Status::Corruption("not a sweep key skyseed writes: \"" + text + "\"");
  }
  return k;
}

bool SameDraws(const SweepKey& a, const SweepKey& b) {
  return a.seed == b.seed && a.lookups == b.lookups && a.cones == b.cones &&
         a.warmup_s == b.warmup_s && a.warmup_interval_s == b.warmup_interval_s;
}

std::string SweepId(const SweepKey& key) {
  const std::string text = key.Text();
  char id[9];
  std::snprintf(id, sizeof id, "%08llx",
                static_cast<unsigned long long>(XXH3_64bits(text.data(), text.size()) >> 32));
  return id;
}

}  // namespace skyseed
