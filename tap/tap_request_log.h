// The per-request log of `skyseed tapbench`, TAP's counterpart of pgbench's
// per-transaction log: single latencies are what percentiles are made of,
// and a failed request is data, so it is logged with why it failed. One line
// per request, fields separated by single spaces:
//   thread class start_us latency_us http_status bytes outcome[ message...]
// The message runs to the end of the line, so it is the only field that may
// hold spaces; it is written with its whitespace collapsed to single spaces.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/status.h"

namespace skyseed {

struct TapRequestRecord {
  int thread = 0;          // client thread 0..clients-1
  int query_class = 0;     // index of the --file argument (like pgbench's script number)
  int64_t start_us = 0;    // request start, microseconds since the Unix epoch
  int64_t latency_us = 0;  // start to last byte read
  int http_status = 0;     // 0 when no HTTP response (transport error)
  uint64_t bytes = 0;      // response body bytes read
  std::string outcome;     // "ok", "http", "query-error", "overflow", "truncated", "transport"
  std::string message;     // empty for ok; the TAP/HTTP/curl error text, single-spaced
  bool failed() const { return outcome != "ok"; }
};

// Every outcome a record may have, "ok" first.
const std::vector<std::string>& TapOutcomes();

// `text` with every run of whitespace made one space and none at either end:
// a message must stay on its line and split back the same.
std::string CollapseWhitespace(std::string_view text);

// One line, '\n'-terminated. The message is collapsed (CollapseWhitespace).
std::string FormatTapRequestLine(const TapRequestRecord& r);

// What tapbench prints of the failures: "failed: N" with the count of each
// outcome, e.g. "failed: 3 (http 1, query-error 2)", then for each outcome
// the first such request's class, thread and message ("first query-error:
// class 1, thread 0, HTTP 200: Table foo does not exist"): a window keeps
// its summary when the per-request log is not kept, and a rare failure's
// cause is otherwise gone with it. Every line '\n'-terminated.
std::string FailedRequestsReport(const std::vector<TapRequestRecord>& log);

// Every line parsed; Corruption naming the line for anything else (a field
// missing or not a number, an unknown outcome, a message on an "ok" line).
// An empty text is zero records. The log is written whole (WriteFileAtomically),
// so unlike pgbench's a last line without its newline is damage, not a kill.
Result<std::vector<TapRequestRecord>> ParseTapRequestLog(const std::string& text);

}  // namespace skyseed
