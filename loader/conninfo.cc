#include "loader/conninfo.h"

namespace skyseed {

std::string ConninfoValue(const std::string& value) {
  if (!value.empty() && value.find_first_of(" \t\n\r\f\v'\\") == std::string::npos) return value;
  std::string out = "'";
  for (const char c : value) {
    if (c == '\'' || c == '\\') out += '\\';
    out += c;
  }
  return out + "'";
}

std::string ConninfoOf(const std::vector<std::pair<std::string, std::string>>& fields) {
  std::string out;
  for (const auto& [keyword, value] : fields) {
    if (!out.empty()) out += ' ';
    out += keyword + "=" + ConninfoValue(value);
  }
  return out;
}

}  // namespace skyseed
