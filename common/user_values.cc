#include "common/user_values.h"

#include <strings.h>

#include <charconv>
#include <cmath>
#include <stdexcept>
#include <string>

#include "common/number_text.h"

namespace skyseed {

Result<uint64_t> ParseCount(const std::string& text, const char* what, uint64_t min, uint64_t max) {
  uint64_t v = 0;
  const char* end = text.data() + text.size();
  const auto r = std::from_chars(text.data(), end, v);
  const std::string range =
      " (expected an integer from " + std::to_string(min) + " to " + std::to_string(max) + ")";
  if (text.empty() || r.ptr != end || r.ec == std::errc::invalid_argument) {
    return Status::InvalidArgument(std::string(what) + " '" + text + "' is not a number" + range);
  }
  if (r.ec == std::errc::result_out_of_range || v < min || v > max) {
    return Status::InvalidArgument(std::string(what) + " " + text + " is out of range" + range);
  }
  return v;
}

Result<uint64_t> ParseSeed(const std::string& text) {
  return ParseCount(text, "--seed", 0, static_cast<uint64_t>(INT64_MAX));
}

Result<uint64_t> ParseSize(const std::string& text) {
  static const struct {
    const char* suffix;
    double factor;
  } kUnits[] = {{"", 1},       {"b", 1},        {"kb", 1e3},     {"mb", 1e6},     {"gb", 1e9},
                {"tb", 1e12},  {"kib", 0x1p10}, {"mib", 0x1p20}, {"gib", 0x1p30}, {"tib", 0x1p40},
                {"k", 0x1p10}, {"m", 0x1p20},   {"g", 0x1p30},   {"t", 0x1p40}};
  const auto bad = [&](const char* why) {
    return Status::InvalidArgument("size '" + text + "' " + why +
                                   " (examples: 10GiB, 500MB, 1.5TiB, 4096)");
  };
  size_t i = 0;
  while (i < text.size() && ((text[i] >= '0' && text[i] <= '9') || text[i] == '.')) ++i;
  if (i == 0) return bad("does not start with a number");
  double number = 0;
  const auto r = std::from_chars(text.data(), text.data() + i, number);
  if (r.ec != std::errc() || r.ptr != text.data() + i) return bad("has a malformed number");
  std::string unit = text.substr(i);
  while (!unit.empty() && unit.front() == ' ') unit.erase(unit.begin());
  for (const auto& u : kUnits) {
    if (strcasecmp(unit.c_str(), u.suffix) != 0) continue;
    const double bytes = number * u.factor;
    if (!(bytes >= 1)) return bad("must be at least 1 byte");
    if (bytes >= 0x1p62) return bad("is too large");
    return static_cast<uint64_t>(std::llround(bytes));
  }
  return bad("has an unknown unit");
}

}  // namespace skyseed

namespace skyseed {

Result<std::pair<int, int>> ParseShard(const std::string& text) {
  const size_t slash = text.find('/');
  const auto bad = [&] {
    return Status::InvalidArgument("--shard '" + text +
                                   "' must be K/N with 1 <= K <= N <= 1024, e.g. 2/3");
  };
  if (slash == std::string::npos) return bad();
  Result<uint64_t> k = ParseCount(text.substr(0, slash), "--shard K", 1, 1024);
  Result<uint64_t> n = ParseCount(text.substr(slash + 1), "--shard N", 1, 1024);
  if (!k.ok() || !n.ok() || *k > *n) return bad();
  return std::make_pair(static_cast<int>(*k) - 1, static_cast<int>(*n));
}

namespace {

// `digits` as a number when all of it is one; NaN otherwise.
double WholeNumber(const std::string& digits) {
  size_t used = 0;
  double v = NAN;
  try {
    v = std::stod(digits, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  return digits.empty() || used != digits.size() ? NAN : v;
}

}  // namespace

Result<double> ParsePercent(const std::string& text, const char* what, double max_percent) {
  std::string digits = text;
  while (!digits.empty() && (digits.back() == '%' || digits.back() == ' ')) digits.pop_back();
  const double v = WholeNumber(digits);
  if (!(v > 0) || v > max_percent) {
    return Status::InvalidArgument(std::string(what) + " '" + text +
                                   "': expected a percentage such as 10%, at most " +
                                   FormatNumber("%g", max_percent) + "%");
  }
  return v / 100;
}

Result<double> ParseCpus(const std::string& text, const char* what) {
  const double v = WholeNumber(text);
  if (!(v >= 0.01) || v > 1024) {
    return Status::InvalidArgument(std::string(what) + " '" + text +
                                   "': expected CPUs from 0.01 to 1024, such as 0.25 or 2");
  }
  return v;
}

Result<double> ParseMilliseconds(const std::string& text, const char* what) {
  std::string digits = text;
  double unit = 1;
  while (!digits.empty() && digits.back() == ' ') digits.pop_back();
  if (digits.size() > 2 && digits.compare(digits.size() - 2, 2, "ms") == 0) {
    digits.resize(digits.size() - 2);
  } else if (!digits.empty() && digits.back() == 's') {
    digits.pop_back();
    unit = 1000;
  }
  while (!digits.empty() && digits.back() == ' ') digits.pop_back();
  const double v = WholeNumber(digits);
  if (!(v > 0) || v * unit > 86'400'000) {
    return Status::InvalidArgument(std::string(what) + " '" + text +
                                   "': expected a duration such as 2s or 500ms");
  }
  return v * unit;
}

std::string DefaultText(double v) { return FormatNumber("%.15g", v); }

std::string DefaultText(const std::vector<int>& list) {
  std::string text;
  for (int v : list) text += (text.empty() ? "" : ",") + std::to_string(v);
  return text;
}

}  // namespace skyseed
