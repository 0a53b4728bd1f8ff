// What a TAP service's answer to one synchronous query says, judged from its
// HTTP status and body alone: a service reports a failed query inside an
// HTTP 200 VOTable (INFO name="QUERY_STATUS" value="ERROR"), and a result
// cut off by a limit says OVERFLOW, so the status code is not enough.
#pragma once

#include <string>
#include <string_view>

namespace skyseed {

struct TapOutcome {
  std::string outcome;  // one of TapOutcomes() (tap/tap_request_log.h)
  std::string message;  // empty for "ok"
};

// In order: HTTP status != 200 -> "http" ("HTTP <code>", then ": " and the
// QUERY_STATUS INFO's text if the body has one); QUERY_STATUS value ERROR ->
// "query-error" with the INFO's text; value OVERFLOW -> "overflow"; a body
// not ending (trailing whitespace aside) in </VOTABLE> -> "truncated";
// otherwise "ok". Messages are single-spaced (CollapseWhitespace).
TapOutcome CheckTapResponse(int http_status, std::string_view body);

}  // namespace skyseed
