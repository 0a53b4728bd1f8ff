#include "tap/tap_load.h"

#include <curl/curl.h>

#include <algorithm>
#include <chrono>
#include <mutex>
#include <pcg_random.hpp>
#include <thread>

#include "common/interrupt.h"
#include "common/service_url.h"
#include "tap/votable_check.h"

namespace skyseed {
namespace {

using Clock = std::chrono::steady_clock;

constexpr std::chrono::milliseconds kTransportPause{100};

// curl_global_init is not thread-safe and must precede every easy handle.
Status InitCurlOnce() {
  static std::once_flag once;
  static CURLcode code = CURLE_OK;
  std::call_once(once, [] { code = curl_global_init(CURL_GLOBAL_DEFAULT); });
  if (code != CURLE_OK) {
    return Status::IoError(std::string("libcurl initialisation failed: ") +
                           curl_easy_strerror(code));
  }
  return Status::Ok();
}

struct EasyHandle {
  CURL* curl = curl_easy_init();
  curl_slist* headers = nullptr;
  char error[CURL_ERROR_SIZE] = {};
  ~EasyHandle() {
    curl_easy_cleanup(curl);
    curl_slist_free_all(headers);
  }
};

size_t AppendBody(char* data, size_t size, size_t n, void* user) {
  static_cast<std::string*>(user)->append(data, size * n);
  return size * n;
}

// Nonzero aborts the transfer: a ^C must not wait out a 120 s query.
int AbortWhenInterrupted(void*, curl_off_t, curl_off_t, curl_off_t, curl_off_t) {
  return Interrupted() ? 1 : 0;
}

// What every handle shares, GET or POST.
void SetCommonOptions(EasyHandle* h, std::string* body, double timeout_s) {
  CURL* c = h->curl;
  curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);  // no SIGALRM for DNS timeouts: threads
  curl_easy_setopt(c, CURLOPT_HTTP_VERSION, static_cast<long>(CURL_HTTP_VERSION_1_1));
  curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(c, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
  // A TAP service may answer /sync with a redirect to the result (303 makes
  // the next request a GET); the result is what a client waits for.
  curl_easy_setopt(c, CURLOPT_FOLLOWLOCATION, 1L);
  curl_easy_setopt(c, CURLOPT_MAXREDIRS, 5L);
  curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, static_cast<long>(timeout_s * 1000));
  curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, AppendBody);
  curl_easy_setopt(c, CURLOPT_WRITEDATA, body);
  curl_easy_setopt(c, CURLOPT_ERRORBUFFER, h->error);
  curl_easy_setopt(c, CURLOPT_NOPROGRESS, 0L);
  curl_easy_setopt(c, CURLOPT_XFERINFOFUNCTION, AbortWhenInterrupted);
}

// curl's name for the failure, then its detail ("Couldn't connect to
// server: Failed to connect to 127.0.0.1 port 9 ...") when it has one.
std::string TransportMessage(CURLcode code, const char* detail) {
  std::string m = curl_easy_strerror(code);
  if (detail[0] != '\0') m += std::string(": ") + detail;
  return CollapseWhitespace(m);
}

int64_t EpochMicros() {
  return std::chrono::duration_cast<std::chrono::microseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// The form body of each query, escaped once for all threads.
Result<std::vector<std::vector<std::string>>> PostBodies(const std::vector<TapQueryClass>& cs) {
  EasyHandle h;
  if (h.curl == nullptr) return Status::IoError("libcurl could not create a handle");
  std::vector<std::vector<std::string>> bodies;
  for (const TapQueryClass& c : cs) {
    bodies.emplace_back();
    for (const std::string& q : c.queries) {
      char* escaped = curl_easy_escape(h.curl, q.data(), static_cast<int>(q.size()));
      if (escaped == nullptr) return Status::IoError("libcurl could not escape a query");
      bodies.back().push_back(std::string("REQUEST=doQuery&LANG=ADQL&QUERY=") + escaped);
      curl_free(escaped);
    }
  }
  return bodies;
}

struct ClientRun {
  std::vector<TapRequestRecord> records;
  Status status;
};

// A handle that POSTs form-encoded queries to the service's /sync, its
// answers into `body`.
void SetSyncPostOptions(const TapLoadOptions& o, EasyHandle* h, std::string* body) {
  SetCommonOptions(h, body, o.timeout_s);
  const std::string sync_url = ServiceUrl{o.url, o.userinfo}.WithUserinfo("/sync");
  curl_easy_setopt(h->curl, CURLOPT_URL, sync_url.c_str());
  h->headers = curl_slist_append(nullptr, "Content-Type: application/x-www-form-urlencoded");
  // libcurl would otherwise hold back a long query's body for a
  // "100 Continue" many servers never send, adding a second to its latency.
  h->headers = curl_slist_append(h->headers, "Expect:");
  curl_easy_setopt(h->curl, CURLOPT_HTTPHEADER, h->headers);
  curl_easy_setopt(h->curl, CURLOPT_POST, 1L);
}

void RunClient(const TapLoadOptions& o, const std::vector<std::vector<std::string>>& bodies,
               int thread, Clock::time_point deadline, ClientRun* out) {
  EasyHandle h;
  if (h.curl == nullptr) {
    out->status = Status::IoError("libcurl could not create a handle");
    return;
  }
  std::string body;
  SetSyncPostOptions(o, &h, &body);

  int total_weight = 0;
  for (const TapQueryClass& c : o.classes) total_weight += c.weight;
  pcg32 rng(o.seed, static_cast<uint64_t>(thread));
  while (Clock::now() < deadline && !Interrupted()) {
    // Class by weight, then a query uniformly: two draws per request, in
    // this order, whatever the answers, so a seed fixes the sequence.
    int pick = static_cast<int>(rng(static_cast<uint32_t>(total_weight)));
    size_t cls = 0;
    while (pick >= o.classes[cls].weight) pick -= o.classes[cls++].weight;
    const std::vector<std::string>& choices = bodies[cls];
    const std::string& post = choices[rng(static_cast<uint32_t>(choices.size()))];

    body.clear();
    h.error[0] = '\0';
    curl_easy_setopt(h.curl, CURLOPT_POSTFIELDS, post.data());
    curl_easy_setopt(h.curl, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(post.size()));
    TapRequestRecord r;
    r.thread = thread;
    r.query_class = static_cast<int>(cls);
    r.start_us = EpochMicros();
    const Clock::time_point start = Clock::now();
    const CURLcode code = curl_easy_perform(h.curl);
    r.latency_us =
        std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - start).count();
    if (code == CURLE_ABORTED_BY_CALLBACK) break;  // interrupted: not a measurement
    r.bytes = body.size();
    if (code != CURLE_OK) {
      r.outcome = "transport";
      r.message = TransportMessage(code, h.error);
      // A refused connection fails in microseconds: without a pause a
      // service that is down would fill memory and the log with millions of
      // identical lines a minute.
      std::this_thread::sleep_for(kTransportPause);
    } else {
      long http = 0;
      curl_easy_getinfo(h.curl, CURLINFO_RESPONSE_CODE, &http);
      r.http_status = static_cast<int>(http);
      TapOutcome verdict = CheckTapResponse(r.http_status, body);
      r.outcome = std::move(verdict.outcome);
      r.message = std::move(verdict.message);
    }
    out->records.push_back(std::move(r));
  }
}

Status CheckLoadOptions(const TapLoadOptions& o) {
  if (o.clients < 1) return Status::InvalidArgument("tap load needs at least one client");
  if (!(o.seconds > 0) || !(o.timeout_s > 0)) {
    return Status::InvalidArgument("tap load needs a positive time and timeout");
  }
  int total_weight = 0;
  for (const TapQueryClass& c : o.classes) {
    if (c.weight < 0) return Status::InvalidArgument("class " + c.name + " has a negative weight");
    if (c.weight > 0 && c.queries.empty()) {
      return Status::InvalidArgument("class " + c.name + " has a weight but no query");
    }
    total_weight += c.weight;
  }
  if (total_weight <= 0) return Status::InvalidArgument("no query class has a weight");
  return Status::Ok();
}

}  // namespace

Result<TapLoadSummary> RunTapLoad(const TapLoadOptions& o, std::vector<TapRequestRecord>* log) {
  SKYSEED_RETURN_IF_ERROR(CheckLoadOptions(o));
  SKYSEED_RETURN_IF_ERROR(InitCurlOnce());
  SKYSEED_ASSIGN_OR_RETURN(const std::vector<std::vector<std::string>> bodies,
                           PostBodies(o.classes));
  std::vector<ClientRun> runs(static_cast<size_t>(o.clients));
  const Clock::time_point start = Clock::now();
  const Clock::time_point deadline =
      start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(o.seconds));
  {
    std::vector<std::thread> threads;
    for (int t = 0; t < o.clients; ++t) {
      threads.emplace_back(RunClient, std::cref(o), std::cref(bodies), t, deadline,
                           &runs[static_cast<size_t>(t)]);
    }
    for (std::thread& t : threads) t.join();
  }
  TapLoadSummary summary;
  summary.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  const size_t first = log->size();
  for (ClientRun& run : runs) {
    SKYSEED_RETURN_IF_ERROR(run.status);
    for (TapRequestRecord& r : run.records) {
      ++summary.requests;
      if (r.failed()) ++summary.failed;
      log->push_back(std::move(r));
    }
  }
  // Stable: a thread's own requests keep their order even within a microsecond.
  std::stable_sort(
      log->begin() + static_cast<std::ptrdiff_t>(first), log->end(),
      [](const TapRequestRecord& a, const TapRequestRecord& b) { return a.start_us < b.start_us; });
  return summary;
}

Result<std::string> FetchUrl(const std::string& url, double timeout_s,
                             const std::string& userinfo) {
  SKYSEED_RETURN_IF_ERROR(InitCurlOnce());
  EasyHandle h;
  if (h.curl == nullptr) return Status::IoError("libcurl could not create a handle");
  std::string body;
  SetCommonOptions(&h, &body, timeout_s);
  const std::string with_credentials = ServiceUrl{url, userinfo}.WithUserinfo("");
  curl_easy_setopt(h.curl, CURLOPT_URL, with_credentials.c_str());
  const CURLcode code = curl_easy_perform(h.curl);
  if (code != CURLE_OK) {
    return Status::Unavailable("GET " + url + ": " + TransportMessage(code, h.error));
  }
  long http = 0;
  curl_easy_getinfo(h.curl, CURLINFO_RESPONSE_CODE, &http);
  if (http != 200) return Status::Unavailable("GET " + url + ": HTTP " + std::to_string(http));
  return body;
}

}  // namespace skyseed
