#include "workload/pgbench_log.h"

#include <charconv>
#include <string>

namespace skyseed {
namespace {

// Splits on single spaces; pgbench writes nothing else between fields.
std::vector<std::string_view> Fields(std::string_view line) {
  std::vector<std::string_view> out;
  size_t start = 0;
  while (start <= line.size()) {
    const size_t space = line.find(' ', start);
    const size_t end = space == std::string_view::npos ? line.size() : space;
    out.push_back(line.substr(start, end - start));
    if (space == std::string_view::npos) break;
    start = space + 1;
  }
  return out;
}

template <typename T>
bool ParseNumber(std::string_view text, T* out) {
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, *out);
  return ec == std::errc() && ptr == end && !text.empty();
}

bool ParseLine(std::string_view line, TransactionRecord* r) {
  const std::vector<std::string_view> f = Fields(line);
  if (f.size() < 6 || f.size() > 8) return false;
  int64_t epoch_s = 0, epoch_us = 0, transaction = 0;
  if (!ParseNumber(f[0], &r->client) || !ParseNumber(f[1], &transaction) ||
      !ParseNumber(f[3], &r->script) || !ParseNumber(f[4], &epoch_s) ||
      !ParseNumber(f[5], &epoch_us)) {
    return false;
  }
  r->failed = f[2] == "failed";
  r->skipped = f[2] == "skipped";
  r->latency_us = 0;
  if (!r->failed && !r->skipped && (!ParseNumber(f[2], &r->latency_us) || r->latency_us < 0)) {
    return false;
  }
  if (r->client < 0 || r->script < 0 || epoch_us < 0 || epoch_us >= 1'000'000) return false;
  r->end_us = epoch_s * 1'000'000 + epoch_us;
  return true;
}

}  // namespace

Result<std::vector<TransactionRecord>> ParsePgbenchLog(std::string_view text) {
  std::vector<TransactionRecord> records;
  size_t start = 0;
  uint64_t line_no = 0;
  while (start < text.size()) {
    const size_t newline = text.find('\n', start);
    if (newline == std::string_view::npos) break;  // cut short by a kill
    ++line_no;
    TransactionRecord r;
    if (!ParseLine(text.substr(start, newline - start), &r)) {
      return Status::Corruption("pgbench log line " + std::to_string(line_no) +
                                " is not a transaction record");
    }
    records.push_back(r);
    start = newline + 1;
  }
  return records;
}

}  // namespace skyseed
