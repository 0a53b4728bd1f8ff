#include "loader/array_literal.h"

#include <cstdio>

namespace skyseed {
namespace {

template <typename T, typename Text>
std::string Joined(const std::vector<T>& values, const Text& text) {
  std::string out = "{";
  for (size_t i = 0; i < values.size(); ++i) {
    if (i > 0) out += ",";
    out += text(values[i]);
  }
  return out + "}";
}

}  // namespace

std::string ArrayLiteral(const std::vector<int64_t>& values) {
  return Joined(values, [](int64_t v) { return std::to_string(v); });
}

std::string ArrayLiteral(const std::vector<uint64_t>& values) {
  return Joined(values, [](uint64_t v) { return std::to_string(v); });
}

std::string ArrayLiteral(const std::vector<double>& values) {
  return Joined(values, [](double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return std::string(buf);
  });
}

std::string ArrayLiteral(const std::vector<std::string>& values) {
  return Joined(values, [](const std::string& v) {
    std::string quoted = "\"";
    for (const char c : v) {
      if (c == '"' || c == '\\') quoted += '\\';
      quoted += c;
    }
    return quoted + "\"";
  });
}

}  // namespace skyseed
