#include "profile/collapsed_stacks.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <set>

namespace skyseed {
namespace {

bool AllDigits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return std::isdigit(c); });
}

bool StartsWith(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

// A frame's line number; austin writes a negative one for a frame it read
// while the process changed it.
bool LineNumber(std::string_view s) { return AllDigits(s.substr(!s.empty() && s[0] == '-')); }

// Austin's process and thread frames ("P123", "T0:456", "T7f..") and
// py-spy's ("process 123:\"...\"", "thread (0x7F..)").
bool ProcessOrThread(std::string_view f) {
  if (StartsWith(f, "process ") || StartsWith(f, "thread (")) return true;
  if (f.size() < 2) return false;
  const std::string_view rest = f.substr(1);
  if (f[0] == 'P') return AllDigits(rest);
  if (f[0] != 'T') return false;
  const size_t colon = rest.find(':');  // austin 3: "T<interpreter>:<tid>"
  if (colon != std::string_view::npos) {
    return AllDigits(rest.substr(colon + 1)) &&
           std::all_of(rest.begin(), rest.begin() + colon,
                       [](char c) { return std::isxdigit(static_cast<unsigned char>(c)); });
  }
  return rest.size() >= 8 && std::all_of(rest.begin(), rest.end(), [](char c) {
           return std::isxdigit(static_cast<unsigned char>(c));
         });
}

// The path after the last marker a Python installation puts before a
// module's dotted path: site or dist packages, else the stdlib folder.
std::string_view ModulePath(std::string_view file) {
  for (std::string_view marker : {"/site-packages/", "/dist-packages/"}) {
    const size_t at = file.rfind(marker);
    if (at != std::string_view::npos) return file.substr(at + marker.size());
  }
  const size_t lib = file.rfind("/lib/python");
  if (lib != std::string_view::npos) {
    const size_t slash = file.find('/', lib + 11);
    if (slash != std::string_view::npos) return file.substr(slash + 1);
  }
  const size_t slash = file.rfind('/');
  return slash == std::string_view::npos ? file : file.substr(slash + 1);
}

// Splits "frame;frame;... weight" at the last space.
bool SplitLine(std::string_view line, std::string_view* stack, std::string_view* metrics) {
  const size_t space = line.rfind(' ');
  if (space == std::string_view::npos || space == 0) return false;
  *stack = line.substr(0, space);
  *metrics = line.substr(space + 1);
  return true;
}

// "<weight>" or austin -f's "<µs>,<idle>,<memory>"; idle stays false
// without the flag.
bool ParseMetrics(std::string_view m, int64_t* weight, bool* idle) {
  const size_t comma = m.find(',');
  const std::string_view first = m.substr(0, comma);
  if (std::from_chars(first.data(), first.data() + first.size(), *weight).ec != std::errc() ||
      !AllDigits(first)) {
    return false;
  }
  *idle = false;
  if (comma == std::string_view::npos) return true;
  const std::string_view rest = m.substr(comma + 1);
  *idle = StartsWith(rest, "1");
  return true;
}

std::vector<std::string> StackFrames(std::string_view stack) {
  std::vector<std::string> frames;
  size_t start = 0;
  while (start <= stack.size()) {
    size_t end = stack.find(';', start);
    if (end == std::string_view::npos) end = stack.size();
    std::string name = FrameName(stack.substr(start, end - start));
    if (!name.empty()) frames.push_back(std::move(name));
    start = end + 1;
  }
  return frames;
}

}  // namespace

std::string PythonModule(std::string_view file) {
  std::string_view path = ModulePath(file);
  if (path.size() > 3 && path.substr(path.size() - 3) == ".py") path.remove_suffix(3);
  std::string module(path);
  std::replace(module.begin(), module.end(), '/', '.');
  const std::string init = ".__init__";
  if (module.size() > init.size() && module.ends_with(init)) module.resize(module.size() - 9);
  return module;
}

std::string FrameName(std::string_view f) {
  if (f.empty() || ProcessOrThread(f)) return "";
  // py-spy: "function (file.py:LINE)" or "function (file.py)".
  if (f.back() == ')') {
    const size_t open = f.rfind(" (");
    if (open != std::string_view::npos) {
      std::string_view file = f.substr(open + 2, f.size() - open - 3);
      const size_t colon = file.rfind(':');
      if (colon != std::string_view::npos && AllDigits(file.substr(colon + 1))) {
        file = file.substr(0, colon);
      }
      return PythonModule(file) + ":" + std::string(f.substr(0, open));
    }
  }
  if (f == ":INVALID:") return "INVALID";  // austin: a sample it could not read
  // austin: "file:function:LINE".
  const size_t last = f.rfind(':');
  if (last != std::string_view::npos && LineNumber(f.substr(last + 1))) {
    const size_t fn = f.rfind(':', last - 1);
    if (fn != std::string_view::npos && fn < last) {
      return PythonModule(f.substr(0, fn)) + ":" + std::string(f.substr(fn + 1, last - fn - 1));
    }
  }
  return std::string(f);  // already a name (Gregg's format, austin's INVALID)
}

Result<CollapsedProfile> ParseCollapsed(std::string_view text, ProfileClock clock) {
  CollapsedProfile profile;
  size_t start = 0, number = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    start = end + 1;
    ++number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.empty() || line[0] == '#') continue;
    std::string_view stack, metrics;
    int64_t weight = 0;
    bool idle = false;
    if (!SplitLine(line, &stack, &metrics) || !ParseMetrics(metrics, &weight, &idle)) {
      return Status::Corruption(
          "profile line " + std::to_string(number) +
          " is not a stack and a weight: " + std::string(line.substr(0, 120)));
    }
    if (clock == ProfileClock::kCpu && idle) continue;
    std::vector<std::string> frames = StackFrames(stack);
    // A thread with no Python frame yet: still a sample, so counts add up.
    if (frames.empty()) frames.push_back(kNoPythonFrame);
    profile.stacks[std::move(frames)] += weight;
    ++profile.samples;
    profile.weight += weight;
  }
  return profile;
}

void MergeProfile(const CollapsedProfile& more, CollapsedProfile* into) {
  for (const auto& [frames, weight] : more.stacks) into->stacks[frames] += weight;
  into->samples += more.samples;
  into->weight += more.weight;
}

std::vector<FrameShare> FrameShares(const CollapsedProfile& profile) {
  std::map<std::string, std::pair<int64_t, int64_t>> sums;  // inclusive, self
  for (const auto& [frames, weight] : profile.stacks) {
    // A recursive frame counts once per stack in its inclusive share.
    for (const std::string& f : std::set<std::string>(frames.begin(), frames.end())) {
      sums[f].first += weight;
    }
    sums[frames.back()].second += weight;
  }
  std::vector<FrameShare> shares;
  const double total = profile.weight > 0 ? static_cast<double>(profile.weight) : 1;
  for (const auto& [frame, s] : sums) {
    shares.push_back(
        {frame, static_cast<double>(s.first) / total, static_cast<double>(s.second) / total});
  }
  std::stable_sort(shares.begin(), shares.end(),
                   [](const FrameShare& a, const FrameShare& b) { return a.self > b.self; });
  return shares;
}

}  // namespace skyseed
