#include "tap/tapbench.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>

#include "common/file_writes.h"
#include "common/service_url.h"
#include "sweep_record/latency_stats.h"
#include "tap/tap_request_log.h"

namespace skyseed {
namespace {

void PrintSummary(const TapLoadOptions& o, const TapLoadSummary& s,
                  const std::vector<TapRequestRecord>& log) {
  std::printf("requests: %llu\n", static_cast<unsigned long long>(s.requests));
  std::fputs(FailedRequestsReport(log).c_str(), stdout);
  std::printf("rate: %.2f requests/s\n", s.seconds > 0 ? s.requests / s.seconds : 0.0);
  std::printf("duration: %.3f s\n", s.seconds);
  // Like pgbench's, latencies are those of the requests that succeeded: a
  // refused connection's few microseconds would flatter the percentiles.
  for (size_t c = 0; c < o.classes.size(); ++c) {
    std::vector<double> ok_ms;
    uint64_t n = 0, failed = 0;
    for (const TapRequestRecord& r : log) {
      if (r.query_class != static_cast<int>(c)) continue;
      ++n;
      if (r.failed()) {
        ++failed;
      } else {
        ok_ms.push_back(r.latency_us / 1000.0);
      }
    }
    std::printf("class %s: %llu requests, %llu failed, ", o.classes[c].name.c_str(),
                static_cast<unsigned long long>(n), static_cast<unsigned long long>(failed));
    if (ok_ms.empty()) {
      std::printf("p50/p95/p99 - (none succeeded)\n");
    } else {
      const LatencySummary l = SummariseLatencies(ok_ms);
      std::printf("p50/p95/p99 %.1f/%.1f/%.1f ms\n", l.p50, l.p95, l.p99);
    }
  }
}

}  // namespace

namespace {

Status WriteLogTo(int fd, const std::string& text, const std::string& name) {
  for (size_t at = 0; at < text.size();) {
    const ssize_t n = write(fd, text.data() + at, text.size() - at);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      close(fd);
      return Status::IoError("writing " + name);
    }
    at += static_cast<size_t>(n);
  }
  return close(fd) == 0 ? Status::Ok() : Status::IoError("writing " + name);
}

}  // namespace

Status RunTapbench(const TapLoadOptions& o, const std::string& log_path, int log_fd) {
  const std::string shown = ServiceUrl{o.url, o.userinfo}.Shown();
  std::printf("tapbench: %s/sync, %d clients, %g s, %zu classes, log %s\n", shown.c_str(),
              o.clients, o.seconds, o.classes.size(), log_path.c_str());
  std::fflush(stdout);
  std::vector<TapRequestRecord> log;
  SKYSEED_ASSIGN_OR_RETURN(const TapLoadSummary s, RunTapLoad(o, &log));
  std::string text;
  for (const TapRequestRecord& r : log) text += FormatTapRequestLine(r);
  SKYSEED_RETURN_IF_ERROR(log_fd >= 0 ? WriteLogTo(log_fd, text, log_path)
                                      : WriteFileAtomically(log_path, text));
  PrintSummary(o, s, log);
  std::fflush(stdout);
  const bool reached = std::any_of(
      log.begin(), log.end(), [](const TapRequestRecord& r) { return r.outcome != "transport"; });
  if (!reached) {
    return Status::Unavailable(log.empty()
                                   ? "no request was sent to " + shown
                                   : "no request reached " + shown + ": " + log.front().message);
  }
  return Status::Ok();
}

std::vector<std::string> QueriesOfText(const std::string& text) {
  std::vector<std::string> queries;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    start = end + 1;
    const size_t first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos) continue;
    line = line.substr(first, line.find_last_not_of(" \t\r") - first + 1);
    if (line.rfind("--", 0) == 0) continue;
    queries.push_back(line);
  }
  return queries;
}

}  // namespace skyseed
