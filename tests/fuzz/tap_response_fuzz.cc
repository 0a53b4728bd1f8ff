// What tapbench reads from a TAP service it does not control: any HTTP
// status and body is judged to exactly one known outcome without crashing;
// the verdict keeps its documented order (a non-200 status is "http", "ok"
// only for a 200 whose body ends in </VOTABLE>); the message stays on one
// line; and the request-log line made from the verdict parses back to the
// same record (the log is what the sweep's percentiles are computed from).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "tap/tap_request_log.h"
#include "tap/votable_check.h"
#include "tests/fuzz/fuzz_check.h"

namespace skyseed {
namespace {

bool EndsInVotable(std::string_view body) {
  while (!body.empty() && (body.back() == ' ' || body.back() == '\t' || body.back() == '\n' ||
                           body.back() == '\r' || body.back() == '\f' || body.back() == '\v')) {
    body.remove_suffix(1);
  }
  constexpr std::string_view kEnd = "</VOTABLE>";
  return body.size() >= kEnd.size() && body.substr(body.size() - kEnd.size()) == kEnd;
}

void Check(const uint8_t* data, size_t size) {
  // The first two bytes pick the status: 200 half the time, else any code.
  if (size < 2) return;
  const int status = (data[0] & 1) ? 200 : 100 + ((data[0] << 8 | data[1]) % 500);
  const std::string_view body(reinterpret_cast<const char*>(data + 2), size - 2);
  const TapOutcome v = CheckTapResponse(status, body);

  const auto& known = TapOutcomes();
  SKYSEED_FUZZ_CHECK(std::find(known.begin(), known.end(), v.outcome) != known.end());
  SKYSEED_FUZZ_CHECK(v.outcome != "transport");  // only curl says that
  if (status != 200) SKYSEED_FUZZ_CHECK(v.outcome == "http");
  if (v.outcome == "ok")
    SKYSEED_FUZZ_CHECK(status == 200 && EndsInVotable(body) && v.message.empty());
  SKYSEED_FUZZ_CHECK(v.message == CollapseWhitespace(v.message));
  SKYSEED_FUZZ_CHECK(v.outcome == "ok" || !v.message.empty() || v.outcome == "truncated" ||
                     v.outcome == "overflow" || v.outcome == "query-error");

  TapRequestRecord r;
  r.thread = 3;
  r.query_class = 1;
  r.start_us = 1'700'000'000'000'000;
  r.latency_us = 1234;
  r.http_status = status;
  r.bytes = body.size();
  r.outcome = v.outcome;
  r.message = v.message;
  Result<std::vector<TapRequestRecord>> back = ParseTapRequestLog(FormatTapRequestLine(r));
  SKYSEED_FUZZ_CHECK(back.ok() && back->size() == 1);
  const TapRequestRecord& b = back->front();
  SKYSEED_FUZZ_CHECK(b.thread == r.thread && b.query_class == r.query_class &&
                     b.start_us == r.start_us && b.latency_us == r.latency_us &&
                     b.http_status == r.http_status && b.bytes == r.bytes &&
                     b.outcome == r.outcome && b.message == r.message);
}

}  // namespace
}  // namespace skyseed

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  skyseed::Check(data, size);
  return 0;
}
