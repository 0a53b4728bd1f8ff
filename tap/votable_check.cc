#include "tap/votable_check.h"

#include <cctype>
#include <optional>

#include "tap/tap_request_log.h"

namespace skyseed {
namespace {

bool IsSpace(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }

bool IsNameChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '-' || c == ':' ||
         c == '.';
}

// The value of attribute `name` in a start tag's attribute text, quoted with
// ' or "; nullopt when absent.
std::optional<std::string_view> Attribute(std::string_view attrs, std::string_view name) {
  size_t i = 0;
  while (i < attrs.size()) {
    while (i < attrs.size() && IsSpace(attrs[i])) ++i;
    const size_t name_start = i;
    while (i < attrs.size() && IsNameChar(attrs[i])) ++i;
    const std::string_view attr = attrs.substr(name_start, i - name_start);
    if (attr.empty()) return std::nullopt;  // not an attribute list we understand
    while (i < attrs.size() && IsSpace(attrs[i])) ++i;
    if (i >= attrs.size() || attrs[i] != '=') return std::nullopt;
    ++i;
    while (i < attrs.size() && IsSpace(attrs[i])) ++i;
    if (i >= attrs.size() || (attrs[i] != '"' && attrs[i] != '\'')) return std::nullopt;
    const char quote = attrs[i++];
    const size_t close = attrs.find(quote, i);
    if (close == std::string_view::npos) return std::nullopt;
    if (attr == name) return attrs.substr(i, close - i);
    i = close + 1;
  }
  return std::nullopt;
}

struct QueryStatus {
  std::string value;
  std::string text;  // the element's content, single-spaced
};

// The first INFO element with name="QUERY_STATUS". A VOTable places it in
// RESOURCE (before or after the TABLE: DaCHS puts a second one after the
// rows on overflow), so the first one whose value is not OK wins.
std::optional<QueryStatus> FindQueryStatus(std::string_view body) {
  std::optional<QueryStatus> found;
  size_t pos = 0;
  while ((pos = body.find("<INFO", pos)) != std::string_view::npos) {
    const size_t after_name = pos + 5;
    pos = after_name;
    if (after_name >= body.size() ||
        !(IsSpace(body[after_name]) || body[after_name] == '/' || body[after_name] == '>')) {
      continue;  // <INFOX ...>
    }
    const size_t tag_end = body.find('>', after_name);
    if (tag_end == std::string_view::npos) break;
    const bool self_closing = tag_end > after_name && body[tag_end - 1] == '/';
    const std::string_view attrs =
        body.substr(after_name, tag_end - after_name - (self_closing ? 1 : 0));
    pos = tag_end + 1;
    const std::optional<std::string_view> name = Attribute(attrs, "name");
    if (!name || *name != "QUERY_STATUS") continue;
    QueryStatus s;
    s.value = std::string(Attribute(attrs, "value").value_or(""));
    if (!self_closing) {
      const size_t close = body.find("</INFO>", pos);
      s.text = CollapseWhitespace(
          body.substr(pos, close == std::string_view::npos ? std::string_view::npos : close - pos));
    }
    if (!found || found->value == "OK") found = s;
    if (found->value != "OK") break;
  }
  return found;
}

bool EndsWithVotable(std::string_view body) {
  size_t end = body.size();
  while (end > 0 && IsSpace(body[end - 1])) --end;
  constexpr std::string_view kClose = "</VOTABLE>";
  return end >= kClose.size() && body.substr(end - kClose.size(), kClose.size()) == kClose;
}

}  // namespace

TapOutcome CheckTapResponse(int http_status, std::string_view body) {
  const std::optional<QueryStatus> status = FindQueryStatus(body);
  if (http_status != 200) {
    std::string message = "HTTP " + std::to_string(http_status);
    if (status && !status->text.empty()) message += ": " + status->text;
    return {"http", message};
  }
  if (status && status->value == "ERROR") {
    return {"query-error", status->text.empty() ? "QUERY_STATUS ERROR" : status->text};
  }
  if (status && status->value == "OVERFLOW") {
    return {"overflow", status->text.empty() ? "OVERFLOW" : status->text};
  }
  if (!EndsWithVotable(body)) return {"truncated", "the VOTable does not end with </VOTABLE>"};
  return {"ok", ""};
}

}  // namespace skyseed
