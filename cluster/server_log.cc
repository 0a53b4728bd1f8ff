#include "cluster/server_log.h"

#include <cctype>
#include <sstream>
#include <vector>

namespace skyseed {
namespace {

// Drops the server's log_line_prefix ("2024-05-01 12:00:00.000 UTC [123] ").
std::string WithoutLogPrefix(const std::string& line) {
  const size_t end = line.find("] ");
  const bool prefixed = !line.empty() && std::isdigit(static_cast<unsigned char>(line[0])) != 0;
  return prefixed && end != std::string::npos ? line.substr(end + 2) : line;
}

bool IsErrorLine(const std::string& line) {
  for (const char* level : {"FATAL:", "PANIC:", "ERROR:", "error:"}) {
    if (line.find(level) != std::string::npos) return true;
  }
  return false;
}

bool IsRoutineLine(const std::string& line) {
  for (const char* routine : {"starting PostgreSQL", "listening on", "database system"}) {
    if (line.find(routine) != std::string::npos) return true;
  }
  return false;
}

}  // namespace

std::string OneLine(const std::string& text) {
  std::string out;
  for (char c : text) {
    const bool space = std::isspace(static_cast<unsigned char>(c)) != 0;
    if (space && (out.empty() || out.back() == ' ')) continue;
    out += space ? ' ' : c;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

// A server's log ends with "database system is shut down", so the last line
// rarely explains a failure: the lines before an error often name the bad
// setting, and its DETAIL and HINT say why.
std::string ErrorLineOf(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (!OneLine(line).empty()) lines.push_back(WithoutLogPrefix(line));
  }
  if (lines.empty()) return "";
  size_t at = lines.size() - 1;
  while (at > 0 && !IsErrorLine(lines[at])) --at;
  if (!IsErrorLine(lines[at])) return OneLine(lines.back());
  size_t first = at;
  while (first > 0 && at - first < 2 && !IsRoutineLine(lines[first - 1]) &&
         !IsErrorLine(lines[first - 1])) {
    --first;
  }
  std::string out;
  for (size_t i = first; i <= at; ++i) out += lines[i] + " ";
  for (size_t i = at + 1; i < lines.size() && i <= at + 2; ++i) {
    if (lines[i].rfind("DETAIL:", 0) == 0 || lines[i].rfind("HINT:", 0) == 0) out += lines[i] + " ";
  }
  return OneLine(out);
}

}  // namespace skyseed
