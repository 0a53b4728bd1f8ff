#include "tap/tap_request_log.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <map>
#include <string_view>

namespace skyseed {
namespace {

constexpr size_t kFixedFields = 7;

template <typename T>
bool ParseNumber(std::string_view text, T* out) {
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, *out);
  return ec == std::errc() && ptr == end && !text.empty();
}

bool IsOutcome(std::string_view s) {
  const std::vector<std::string>& all = TapOutcomes();
  return std::find(all.begin(), all.end(), s) != all.end();
}

bool ParseLine(std::string_view line, TapRequestRecord* r) {
  // Seven fields end at single spaces; whatever follows the seventh's space
  // is the message.
  std::string_view f[kFixedFields];
  std::string_view message;
  size_t start = 0;
  for (size_t i = 0; i < kFixedFields; ++i) {
    const size_t space = line.find(' ', start);
    if (space == std::string_view::npos) {
      if (i + 1 < kFixedFields) return false;
      f[i] = line.substr(start);
    } else {
      f[i] = line.substr(start, space - start);
      if (i + 1 == kFixedFields) {
        message = line.substr(space + 1);
        if (message.empty()) return false;  // a trailing space, no message
      }
      start = space + 1;
    }
  }
  if (!ParseNumber(f[0], &r->thread) || !ParseNumber(f[1], &r->query_class) ||
      !ParseNumber(f[2], &r->start_us) || !ParseNumber(f[3], &r->latency_us) ||
      !ParseNumber(f[4], &r->http_status) || !ParseNumber(f[5], &r->bytes)) {
    return false;
  }
  if (r->thread < 0 || r->query_class < 0 || r->start_us < 0 || r->latency_us < 0 ||
      r->http_status < 0 || r->http_status > 999 || !IsOutcome(f[6])) {
    return false;
  }
  r->outcome = std::string(f[6]);
  r->message = std::string(message);
  if (r->message != CollapseWhitespace(r->message)) return false;
  return r->failed() || r->message.empty();
}

}  // namespace

const std::vector<std::string>& TapOutcomes() {
  static const std::vector<std::string> kOutcomes = {"ok",       "http",      "query-error",
                                                     "overflow", "truncated", "transport"};
  return kOutcomes;
}

std::string CollapseWhitespace(std::string_view text) {
  std::string out;
  bool pending_space = false;
  for (const char c : text) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      pending_space = !out.empty();
      continue;
    }
    if (pending_space) out.push_back(' ');
    pending_space = false;
    out.push_back(c);
  }
  return out;
}

std::string FormatTapRequestLine(const TapRequestRecord& r) {
  std::string line = std::to_string(r.thread) + ' ' + std::to_string(r.query_class) + ' ' +
                     std::to_string(r.start_us) + ' ' + std::to_string(r.latency_us) + ' ' +
                     std::to_string(r.http_status) + ' ' + std::to_string(r.bytes) + ' ' +
                     r.outcome;
  const std::string message = CollapseWhitespace(r.message);
  if (!message.empty()) line += ' ' + message;
  line += '\n';
  return line;
}

std::string FailedRequestsReport(const std::vector<TapRequestRecord>& log) {
  std::map<std::string, uint64_t> count;
  std::map<std::string, const TapRequestRecord*> first;
  uint64_t failed = 0;
  for (const TapRequestRecord& r : log) {
    if (!r.failed()) continue;
    ++failed;
    if (count[r.outcome]++ == 0) first[r.outcome] = &r;
  }
  std::string counts, firsts;
  for (const std::string& outcome : TapOutcomes()) {
    const auto it = first.find(outcome);
    if (it == first.end()) continue;
    const TapRequestRecord& r = *it->second;
    counts += (counts.empty() ? " (" : ", ") + outcome + " " + std::to_string(count[outcome]);
    firsts += "first " + outcome + ": class " + std::to_string(r.query_class) + ", thread " +
              std::to_string(r.thread) + ", " +
              (r.http_status > 0 ? "HTTP " + std::to_string(r.http_status) : "no HTTP answer") +
              ": " + CollapseWhitespace(r.message) + "\n";
  }
  if (!counts.empty()) counts += ")";
  return "failed: " + std::to_string(failed) + counts + "\n" + firsts;
}

Result<std::vector<TapRequestRecord>> ParseTapRequestLog(const std::string& text) {
  std::vector<TapRequestRecord> records;
  size_t start = 0;
  uint64_t line_no = 0;
  while (start < text.size()) {
    ++line_no;
    const size_t newline = text.find('\n', start);
    const std::string_view line = std::string_view(text).substr(
        start, newline == std::string::npos ? std::string::npos : newline - start);
    TapRequestRecord r;
    if (newline == std::string::npos || !ParseLine(line, &r)) {
      return Status::Corruption("tapbench log line " + std::to_string(line_no) +
                                " is not a request record");
    }
    records.push_back(std::move(r));
    start = newline + 1;
  }
  return records;
}

}  // namespace skyseed
