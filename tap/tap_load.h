// `skyseed tapbench`'s engine: a closed-loop load on a TAP service's
// synchronous endpoint, what pgbench is to PostgreSQL. Each client is one
// thread with one libcurl easy handle, so its HTTP/1.1 connection is kept
// alive across requests, as a TAP client library would. Every request is
// logged whole (tap/tap_request_log.h); nothing is averaged here.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/status.h"
#include "tap/tap_request_log.h"

namespace skyseed {

struct TapQueryClass {
  std::string name;
  int weight = 0;
  std::vector<std::string> queries;  // ADQL texts
};

struct TapLoadOptions {
  std::string url;         // the TAP service's base URL, e.g. http://127.0.0.1:8080/tap, without
                           // credentials; requests go to url + "/sync"
  std::string userinfo;    // "user:password" for the service, given to libcurl only
  int clients = 1;         // one thread and one CURL easy handle per client
  double seconds = 10;     // closed loop until this much wall time has passed (a request under way
                           // finishes and is logged)
  uint64_t seed = 1;       // thread t draws from pcg32(seed, t): a deterministic choice sequence
  double timeout_s = 120;  // CURLOPT_TIMEOUT per request
  std::vector<TapQueryClass> classes;
};

struct TapLoadSummary {
  uint64_t requests = 0, failed = 0;
  double seconds = 0;  // wall time from the first thread's start to the last one's end
};

// Runs the load, appending each request's record to `log` (the caller
// writes it), in start order. Each request picks a class by weight, then one
// of its queries uniformly, and POSTs REQUEST=doQuery&LANG=ADQL&QUERY=... to
// url + "/sync"; the answer is judged by CheckTapResponse. Stops early when
// Interrupted(): a request under way is then abandoned and not logged. A
// client pauses 0.1 s after a transport error (no HTTP answer).
// InvalidArgument for options that cannot run (no class with weight and
// queries, clients < 1, a non-positive time or timeout).
Result<TapLoadSummary> RunTapLoad(const TapLoadOptions& o, std::vector<TapRequestRecord>* log);

// The body of a GET of `url` (with `userinfo`'s credentials, never shown);
// Unavailable when it cannot be fetched or the answer is not HTTP 200 (the
// sweep probes <url>/availability with it).
Result<std::string> FetchUrl(const std::string& url, double timeout_s,
                             const std::string& userinfo = "");

}  // namespace skyseed
