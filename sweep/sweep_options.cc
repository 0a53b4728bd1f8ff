#include "sweep/sweep_options.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <set>

#include "common/service_url.h"

namespace skyseed {
namespace {

std::vector<std::string> SplitCommas(const std::string& text) {
  std::vector<std::string> out;
  size_t start = 0;
  for (;;) {
    const size_t comma = text.find(',', start);
    out.push_back(text.substr(start, comma == std::string::npos ? comma : comma - start));
    if (comma == std::string::npos) return out;
    start = comma + 1;
  }
}

bool ParseInt(const std::string& text, int* out) {
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, *out);
  return ec == std::errc() && ptr == end && !text.empty();
}

// "NAME=WEIGHT,...": known classes, each once, weights 1-100 summing to 100.
// Entry is MixClass or TapMixClass; find looks a name up, nullptr if unknown.
template <typename Entry, typename Find>
Result<std::vector<Entry>> ParseWeights(const std::string& text, const char* option, Find find,
                                        const std::string& known) {
  std::vector<Entry> mix;
  std::set<const void*> seen;
  int sum = 0;
  for (const std::string& item : SplitCommas(text)) {
    const size_t eq = item.find('=');
    const std::string name = item.substr(0, eq);
    Entry c;
    if (eq == std::string::npos || !ParseInt(item.substr(eq + 1), &c.weight) || c.weight < 1 ||
        c.weight > 100) {
      return Status::InvalidArgument(std::string(option) + ": '" + item +
                                     "' is not CLASS=WEIGHT (weight 1-100)");
    }
    c.query_class = find(name);
    if (c.query_class == nullptr) {
      return Status::InvalidArgument(std::string(option) + ": unknown class '" + name +
                                     "' (known: " + known + ")");
    }
    if (!seen.insert(c.query_class).second) {
      return Status::InvalidArgument(std::string(option) + ": class '" + name + "' given twice");
    }
    sum += c.weight;
    mix.push_back(c);
  }
  // One class is the whole mix, whatever its weight ("aggregate_obscore=1").
  if (mix.size() == 1) mix.front().weight = 100;
  if (sum != 100 && mix.size() != 1) {
    return Status::InvalidArgument(std::string(option) + ": weights sum to " + std::to_string(sum) +
                                   ", not 100");
  }
  return mix;
}

template <typename Entry>
std::string WeightsText(const std::vector<Entry>& mix) {
  std::string s;
  for (const Entry& c : mix) {
    if (!s.empty()) s += ',';
    s.append(c.query_class->name).append("=").append(std::to_string(c.weight));
  }
  return s;
}

}  // namespace

std::vector<MixClass> DefaultSweepMix() {
  return {{&QueryClassNamed("lookup_source"), 70}, {&QueryClassNamed("cone_source"), 30}};
}

std::vector<TapMixClass> DefaultTapMix() {
  std::vector<TapMixClass> mix;
  for (const TapClass& c : TapMix()) {
    if (c.weight > 0) mix.push_back({&c, c.weight});
  }
  return mix;
}

Result<std::vector<MixClass>> ParseMix(const std::string& text) {
  return ParseWeights<MixClass>(text, "--mix", FindQueryClass, QueryClassNames());
}

Result<std::vector<TapMixClass>> ParseTapMix(const std::string& text) {
  return ParseWeights<TapMixClass>(text, "--tap-mix", FindTapClass, TapClassNames());
}

std::string TapMixText(const std::vector<TapMixClass>& mix) { return WeightsText(mix); }

Result<TargetChoice> ParseSweepTarget(const std::string& text) {
  if (text == "db") return TargetChoice::kDatabase;
  if (text == "tap") return TargetChoice::kTap;
  if (text == "both") return TargetChoice::kBoth;
  return Status::InvalidArgument("--target must be db, tap or both, not '" + text + "'");
}

Result<std::vector<int>> ParseClientList(const std::string& text) {
  std::vector<int> clients;
  for (const std::string& item : SplitCommas(text)) {
    int c = 0;
    if (!ParseInt(item, &c) || c < 1 || c > 1000) {
      return Status::InvalidArgument("--clients: '" + item + "' is not a client count 1-1000");
    }
    if (!clients.empty() && c <= clients.back()) {
      return Status::InvalidArgument("--clients: '" + text + "' must grow");
    }
    clients.push_back(c);
  }
  return clients;
}

std::string MixText(const std::vector<MixClass>& mix) { return WeightsText(mix); }

Result<int> ParseProfileClients(const std::string& text, const std::vector<int>& clients) {
  std::string list;
  for (int c : clients) list += (list.empty() ? "" : ",") + std::to_string(c);
  if (text.empty()) {
    for (int c : clients) {
      if (c == 8) return 8;
    }
    return clients.back();
  }
  int c = 0;
  if (!ParseInt(text, &c) || std::find(clients.begin(), clients.end(), c) == clients.end()) {
    return Status::InvalidArgument("--profile-service " + text +
                                   ": not one of the sweep's client counts (--clients " + list +
                                   "); its profiled window is compared with theirs");
  }
  return c;
}

WarmupRule SweepWarmupRule(const SweepOptions& o) {
  WarmupRule rule;
  rule.max_s = o.warmup_s;
  rule.interval_s = o.warmup_interval_s;
  return rule;
}

namespace {

// The warm-up as the key names it: the interval only where it differs from
// the default and the warm-up is judged; a fixed warm-up (any bound under
// three intervals, as every warm-up was before intervals existed) keeps the
// key it had, so windows recorded then are still reused.
SweepKey DrawsKey(const SweepOptions& o) {
  SweepKey k;
  k.warmup_s = o.warmup_s;
  if (WarmupJudged(SweepWarmupRule(o)) && o.warmup_interval_s != WarmupRule{}.interval_s) {
    k.warmup_interval_s = o.warmup_interval_s;
  }
  k.seed = o.workload.seed;
  k.lookups = o.workload.lookups;
  k.cones = o.workload.cones;
  return k;
}

}  // namespace

SweepKey DatabaseSweepKey(const SweepOptions& o) {
  SweepKey k = DrawsKey(o);
  k.mix = MixText(o.mix);
  k.duration_s = o.duration_s;
  return k;
}

SweepKey TapSweepKey(const SweepOptions& o) {
  SweepKey k = DrawsKey(o);
  k.kind = SweepKind::kTap;
  k.mix = TapMixText(o.tap_mix);
  k.duration_s = o.tap_duration_s();
  k.service = o.tap.url.empty() ? "skyseed-dachs" : ServiceUrl{o.tap.url, o.tap.userinfo}.Shown();
  for (const std::string& setting : o.tap.dachs_settings) k.service += "+" + setting;
  // Only what differs from one unlimited process, so earlier sweeps' keys hold.
  if (o.tap.instances > 1) k.service += "+instances=" + std::to_string(o.tap.instances);
  if (o.tap.cpus > 0) {
    char cpus[32];
    std::snprintf(cpus, sizeof cpus, "%g", o.tap.cpus);
    k.service += std::string("+cpus=") + cpus;
  }
  if (o.tap.pooler != PoolerKind::kNone)
    k.service += std::string("+pooler=") + PoolerName(o.tap.pooler);
  return k;
}

}  // namespace skyseed
