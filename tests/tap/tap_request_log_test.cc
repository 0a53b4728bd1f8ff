#include "tap/tap_request_log.h"

#include <gtest/gtest.h>

#include <map>

namespace skyseed {
namespace {

TapRequestRecord TapRequestLogRecord(int thread, int cls, const std::string& outcome,
                                     const std::string& message) {
  TapRequestRecord r;
  r.thread = thread;
  r.query_class = cls;
  r.start_us = 1'764'800'000'123'456;
  r.latency_us = 15'230;
  r.http_status = outcome == "transport" ? 0 : (outcome == "http" ? 500 : 200);
  r.bytes = outcome == "transport" ? 0 : 4711;
  r.outcome = outcome;
  r.message = message;
  return r;
}

TEST(TapRequestLog, RoundTripsEveryOutcome) {
  const std::vector<TapRequestRecord> records = {
      TapRequestLogRecord(0, 0, "ok", ""),
      TapRequestLogRecord(1, 2, "http", "HTTP 500: Internal error"),
      TapRequestLogRecord(2, 1, "query-error", "Could not parse your query: unknown column foo"),
      TapRequestLogRecord(0, 3, "overflow", "OVERFLOW"),
      TapRequestLogRecord(3, 0, "truncated", "the VOTable does not end with </VOTABLE>"),
      TapRequestLogRecord(1, 1, "transport", "Couldn't connect to server"),
  };
  std::string text;
  for (const TapRequestRecord& r : records) text += FormatTapRequestLine(r);
  Result<std::vector<TapRequestRecord>> parsed = ParseTapRequestLog(text);
  ASSERT_TRUE(parsed.ok()) << parsed.status().message();
  ASSERT_EQ(parsed->size(), records.size());
  for (size_t i = 0; i < records.size(); ++i) {
    const TapRequestRecord& a = records[i];
    const TapRequestRecord& b = (*parsed)[i];
    EXPECT_EQ(a.thread, b.thread);
    EXPECT_EQ(a.query_class, b.query_class);
    EXPECT_EQ(a.start_us, b.start_us);
    EXPECT_EQ(a.latency_us, b.latency_us);
    EXPECT_EQ(a.http_status, b.http_status);
    EXPECT_EQ(a.bytes, b.bytes);
    EXPECT_EQ(a.outcome, b.outcome);
    EXPECT_EQ(a.message, b.message);
    EXPECT_EQ(a.failed(), i != 0);
  }
}

TEST(TapRequestLog, FormatsTheDocumentedLine) {
  EXPECT_EQ(FormatTapRequestLine(TapRequestLogRecord(0, 0, "ok", "")),
            "0 0 1764800000123456 15230 200 4711 ok\n");
  EXPECT_EQ(FormatTapRequestLine(TapRequestLogRecord(1, 2, "http", "HTTP 500")),
            "1 2 1764800000123456 15230 500 4711 http HTTP 500\n");
}

TEST(TapRequestLog, CollapsesAMessagesWhitespace) {
  const TapRequestRecord r =
      TapRequestLogRecord(0, 1, "query-error", "  line one\n\tline   two\r\n  ");
  const std::string line = FormatTapRequestLine(r);
  EXPECT_EQ(line, "0 1 1764800000123456 15230 200 4711 query-error line one line two\n");
  Result<std::vector<TapRequestRecord>> parsed = ParseTapRequestLog(line);
  ASSERT_TRUE(parsed.ok()) << parsed.status().message();
  EXPECT_EQ((*parsed)[0].message, "line one line two");
}

TEST(TapRequestLog, EmptyTextIsNoRecords) {
  Result<std::vector<TapRequestRecord>> parsed = ParseTapRequestLog("");
  ASSERT_TRUE(parsed.ok());
  EXPECT_TRUE(parsed->empty());
}

TEST(TapRequestLog, RejectsEachMalformedShapeNamingTheLine) {
  const std::string good = "0 0 1764800000123456 15230 200 4711 ok\n";
  for (const char* bad : {
           "0 0 1764800000123456 15230 200 4711\n",                // no outcome
           "0 0 1764800000123456 15230 200\n",                     // fields missing
           "x 0 1764800000123456 15230 200 4711 ok\n",             // thread not a number
           "0 -1 1764800000123456 15230 200 4711 ok\n",            // negative class
           "0 0 1764800000123456 -5 200 4711 ok\n",                // negative latency
           "0 0 1764800000123456 15230 200 -1 ok\n",               // negative bytes
           "0 0 1764800000123456 15230 2000 4711 ok\n",            // no HTTP status
           "0 0 1764800000123456 15230 200 4711 fine\n",           // unknown outcome
           "0 0 1764800000123456 15230 200 4711 ok extra\n",       // a message on ok
           "0 0 1764800000123456 15230 200 4711 ok \n",            // trailing space
           "0  0 1764800000123456 15230 200 4711 ok\n",            // double space
           "0 0 1764800000123456 15230 500 0 http two  spaces\n",  // message not collapsed
           "0 0 1764800000123456 15230 200 4711 ok",               // no newline
           "\n",                                                   // empty line
       }) {
    Result<std::vector<TapRequestRecord>> r = ParseTapRequestLog(good + bad);
    ASSERT_FALSE(r.ok()) << bad;
    EXPECT_EQ(r.status().code(), Status::Code::kCorruption);
    EXPECT_NE(r.status().message().find("line 2"), std::string::npos) << r.status().message();
  }
}

// A log written by hand, its counts worked out by hand: 7 requests, 3
// failed (one http, one query-error, one transport); thread 1 made 3.
TEST(TapRequestLog, CountsAHandWrittenLog) {
  const std::string log =
      "0 0 1764800000000000 12000 200 900 ok\n"
      "1 1 1764800000001000 30000 200 1200 ok\n"
      "0 1 1764800000012500 8000 500 310 http HTTP 500: boom\n"
      "1 0 1764800000031000 11000 200 900 ok\n"
      "0 0 1764800000020600 13000 200 420 query-error Table foo does not exist\n"
      "1 1 1764800000042100 0 0 0 transport Couldn't connect to server\n"
      "2 0 1764800000000500 9000 200 900 ok\n";
  Result<std::vector<TapRequestRecord>> r = ParseTapRequestLog(log);
  ASSERT_TRUE(r.ok()) << r.status().message();
  ASSERT_EQ(r->size(), 7u);
  std::map<std::string, int> outcomes;
  std::map<int, int> per_thread;
  uint64_t bytes = 0;
  int failed = 0;
  for (const TapRequestRecord& x : *r) {
    ++outcomes[x.outcome];
    ++per_thread[x.thread];
    bytes += x.bytes;
    failed += x.failed() ? 1 : 0;
  }
  EXPECT_EQ(failed, 3);
  EXPECT_EQ(outcomes["ok"], 4);
  EXPECT_EQ(outcomes["http"], 1);
  EXPECT_EQ(outcomes["query-error"], 1);
  EXPECT_EQ(outcomes["transport"], 1);
  EXPECT_EQ(per_thread[0], 3);
  EXPECT_EQ(per_thread[1], 3);
  EXPECT_EQ(per_thread[2], 1);
  EXPECT_EQ(bytes, 900u + 1200 + 310 + 900 + 420 + 0 + 900);
  EXPECT_EQ((*r)[2].message, "HTTP 500: boom");
  EXPECT_EQ((*r)[4].message, "Table foo does not exist");
}

// The failures of a hand-written log, counted and quoted by hand: the
// first of each outcome is the earliest in the log, not the latest.
TEST(TapRequestLog, FailedRequestsReportCountsEachOutcomeAndQuotesItsFirst) {
  const std::string log =
      "0 0 1764800000000000 12000 200 900 ok\n"
      "1 2 1764800000001000 9000 200 420 query-error Table foo\n"
      "0 1 1764800000012500 8000 500 310 http HTTP 500: boom\n"
      "1 3 1764800000031000 0 0 0 transport Couldn't connect to server\n"
      "0 1 1764800000020600 13000 200 420 query-error Table bar\n"
      "2 0 1764800000000500 9000 200 900 ok\n";
  Result<std::vector<TapRequestRecord>> r = ParseTapRequestLog(log);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(FailedRequestsReport(*r),
            "failed: 4 (http 1, query-error 2, transport 1)\n"
            "first http: class 1, thread 0, HTTP 500: HTTP 500: boom\n"
            "first query-error: class 2, thread 1, HTTP 200: Table foo\n"
            "first transport: class 3, thread 1, no HTTP answer: Couldn't connect to server\n");
  const std::vector<TapRequestRecord> answered(r->begin(), r->begin() + 1);
  EXPECT_EQ(FailedRequestsReport(answered), "failed: 0\n");
  EXPECT_EQ(FailedRequestsReport({}), "failed: 0\n");
}

}  // namespace
}  // namespace skyseed
