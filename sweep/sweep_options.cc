#include "sweep/sweep_options.h"

#include <charconv>
#include <set>

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

}  // namespace

std::vector<MixClass> DefaultSweepMix() {
  return {{&QueryClassNamed("lookup_source"), 70}, {&QueryClassNamed("cone_source"), 30}};
}

Result<std::vector<MixClass>> ParseMix(const std::string& text) {
  std::vector<MixClass> mix;
  std::set<const MixEntry*> seen;
  int sum = 0;
  for (const std::string& item : SplitCommas(text)) {
    const size_t eq = item.find('=');
    const std::string name = item.substr(0, eq);
    MixClass c;
    if (eq == std::string::npos || !ParseInt(item.substr(eq + 1), &c.weight) || c.weight < 1 ||
        c.weight > 100) {
      return Status::InvalidArgument("--mix: '" + item + "' is not CLASS=WEIGHT (weight 1-100)");
    }
    c.query_class = FindQueryClass(name);
    if (c.query_class == nullptr) {
      return Status::InvalidArgument("--mix: unknown class '" + name +
                                     "' (known: " + QueryClassNames() + ")");
    }
    if (!seen.insert(c.query_class).second) {
      return Status::InvalidArgument("--mix: class '" + name + "' given twice");
    }
    sum += c.weight;
    mix.push_back(c);
  }
  if (sum != 100) {
    return Status::InvalidArgument("--mix: weights sum to " + std::to_string(sum) + ", not 100");
  }
  return mix;
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

std::string MixText(const std::vector<MixClass>& mix) {
  std::string s;
  for (const MixClass& c : mix) {
    if (!s.empty()) s += ',';
    s.append(c.query_class->name).append("=").append(std::to_string(c.weight));
  }
  return s;
}

std::string SweepKey(const SweepOptions& o) {
  return "mix=" + MixText(o.mix) + ";duration=" + std::to_string(o.duration_s) +
         ";warmup=" + std::to_string(o.warmup_s) + ";seed=" + std::to_string(o.workload.seed) +
         ";lookups=" + std::to_string(o.workload.lookups) +
         ";cones=" + std::to_string(o.workload.cones);
}

}  // namespace skyseed
