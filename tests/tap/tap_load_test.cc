// RunTapLoad against a real HTTP/1.1 server with keep-alive (Python's
// http.server, spawned without a shell) that answers each query by a word in
// it, so every logged outcome can be checked against what it was told to do.
#include "tap/tap_load.h"

#include <gtest/gtest.h>
#include <netinet/in.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <map>

extern char** environ;

namespace skyseed {
namespace {

constexpr const char* kPython = "/usr/bin/python3";

const std::string kGoodBody =
    "<?xml version=\"1.0\"?>\n<VOTABLE version=\"1.4\"><RESOURCE type=\"results\">"
    "<INFO name=\"QUERY_STATUS\" value=\"OK\"/><TABLE><FIELD name=\"n\" datatype=\"int\"/>"
    "<DATA><TABLEDATA><TR><TD>1</TD></TR></TABLEDATA></DATA></TABLE></RESOURCE></VOTABLE>\n";
const std::string kBadBody =
    "<VOTABLE version=\"1.4\"><RESOURCE type=\"results\">"
    "<INFO name=\"QUERY_STATUS\" value=\"ERROR\">no such table: nowhere</INFO>"
    "</RESOURCE></VOTABLE>\n";
const std::string kFailBody = "Internal Server Error\n";
const std::string kCutBody = kGoodBody.substr(0, kGoodBody.size() / 2);

// argv[1..4]: the GOOD, BAD, FAIL and CUT bodies. Prints the port it bound.
const char kServer[] = R"PY(
import sys, urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
good, bad, fail, cut = (a.encode() for a in sys.argv[1:5])
class H(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # headers and body are two writes: no 40 ms delayed ACK
    def log_message(self, *args):
        pass
    def answer(self, code, body):
        self.send_response(code)
        self.send_header("Content-Type", "text/xml")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
    def do_POST(self):
        form = urllib.parse.parse_qs(self.rfile.read(int(self.headers["Content-Length"])).decode())
        q = form.get("QUERY", [""])[0]
        ok = self.path == "/tap/sync" and form.get("REQUEST") == ["doQuery"] and form.get("LANG") == ["ADQL"]
        if not ok: self.answer(400, b"bad request")
        elif "GOOD" in q: self.answer(200, good)
        elif "BAD" in q: self.answer(200, bad)
        elif "FAIL" in q: self.answer(500, fail)
        elif "CUT" in q: self.answer(200, cut)
        else: self.answer(400, b"unknown query")
    def do_GET(self):
        if self.path == "/tap/availability": self.answer(200, good)
        else: self.answer(404, b"not here")
s = ThreadingHTTPServer(("127.0.0.1", 0), H)
s.daemon_threads = True
print(s.server_address[1], flush=True)
s.serve_forever()
)PY";

class TapServer {
 public:
  // Why the server could not be started; empty once it listens.
  std::string Start() {
    int fds[2];
    if (pipe(fds) != 0) return "pipe failed";
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
    posix_spawn_file_actions_addclose(&actions, fds[0]);
    std::vector<std::string> argv = {kPython,  "-c",      kServer, kGoodBody,
                                     kBadBody, kFailBody, kCutBody};
    std::vector<char*> args;
    for (std::string& a : argv) args.push_back(a.data());
    args.push_back(nullptr);
    const int rc = posix_spawn(&pid_, kPython, &actions, nullptr, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    close(fds[1]);
    if (rc != 0) {
      close(fds[0]);
      pid_ = 0;
      return "posix_spawn failed";
    }
    std::string line;
    char c;
    while (read(fds[0], &c, 1) == 1 && c != '\n') line.push_back(c);
    close(fds[0]);
    if (line.empty()) return "the server printed no port";
    url_ = "http://127.0.0.1:" + line + "/tap";
    return "";
  }
  ~TapServer() {
    if (pid_ > 0) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
  }
  const std::string& url() const { return url_; }

 private:
  pid_t pid_ = 0;
  std::string url_;
};

// The classes in the order of kWhat; GOOD twice as likely.
const std::vector<std::string> kWhat = {"GOOD", "BAD", "FAIL", "CUT"};

TapLoadOptions LoadOptions(const std::string& url) {
  TapLoadOptions o;
  o.url = url;
  o.clients = 2;
  o.seconds = 0.6;
  o.seed = 7;
  o.timeout_s = 5;
  int weight = 2;
  for (const std::string& w : kWhat) {
    o.classes.push_back({w,
                         weight,
                         {"SELECT TOP 1 1 AS n FROM " + w + " WHERE 'a b'='a b'",
                          "SELECT 2 -- " + w + " & more=%"}});
    weight = 1;
  }
  return o;
}

std::map<int, std::vector<int>> ClassesPerThread(const std::vector<TapRequestRecord>& log) {
  std::map<int, std::vector<int>> out;
  for (const TapRequestRecord& r : log) out[r.thread].push_back(r.query_class);
  return out;
}

TEST(TapLoad, EveryOutcomeIsWhatTheServerWasToldToDo) {
  if (access(kPython, X_OK) != 0) GTEST_SKIP() << kPython << " is not there to serve";
  TapServer server;
  const std::string why = server.Start();
  ASSERT_EQ(why, "");

  Result<std::string> availability = FetchUrl(server.url() + "/availability", 5);
  ASSERT_TRUE(availability.ok()) << availability.status().message();
  EXPECT_EQ(*availability, kGoodBody);
  EXPECT_FALSE(FetchUrl(server.url() + "/nowhere", 5).ok());

  const TapLoadOptions o = LoadOptions(server.url());
  std::vector<TapRequestRecord> first;
  Result<TapLoadSummary> s = RunTapLoad(o, &first);
  ASSERT_TRUE(s.ok()) << s.status().message();
  ASSERT_EQ(s->requests, first.size());
  EXPECT_GE(s->seconds, o.seconds);

  const std::map<std::string, std::pair<std::string, size_t>> expected = {
      {"GOOD", {"ok", kGoodBody.size()}},
      {"BAD", {"query-error", kBadBody.size()}},
      {"FAIL", {"http", kFailBody.size()}},
      {"CUT", {"truncated", kCutBody.size()}},
  };
  std::map<std::string, int> seen;
  uint64_t failed = 0;
  for (const TapRequestRecord& r : first) {
    ASSERT_GE(r.query_class, 0);
    ASSERT_LT(r.query_class, 4);
    const std::string& what = kWhat[static_cast<size_t>(r.query_class)];
    ++seen[what];
    EXPECT_EQ(r.outcome, expected.at(what).first) << what << ": " << r.message;
    EXPECT_EQ(r.bytes, expected.at(what).second) << what;
    EXPECT_GT(r.latency_us, 0);
    EXPECT_EQ(r.http_status, what == "FAIL" ? 500 : 200);
    EXPECT_TRUE(r.thread == 0 || r.thread == 1);
    failed += r.failed() ? 1 : 0;
  }
  EXPECT_EQ(s->failed, failed);
  for (const std::string& w : kWhat) EXPECT_GT(seen[w], 0) << w << " never chosen";

  // The same seed, the same choices in each thread (however many each made).
  std::vector<TapRequestRecord> second;
  ASSERT_TRUE(RunTapLoad(o, &second).ok());
  const auto a = ClassesPerThread(first), b = ClassesPerThread(second);
  for (int t = 0; t < 2; ++t) {
    const std::vector<int>& x = a.at(t);
    const std::vector<int>& y = b.at(t);
    const size_t n = std::min(x.size(), y.size());
    ASSERT_GT(n, 10u);
    EXPECT_TRUE(std::equal(x.begin(), x.begin() + static_cast<std::ptrdiff_t>(n), y.begin()))
        << "thread " << t;
  }
  // Another seed, another sequence.
  TapLoadOptions other = o;
  other.seed = 8;
  std::vector<TapRequestRecord> third;
  ASSERT_TRUE(RunTapLoad(other, &third).ok());
  const std::vector<int> z = ClassesPerThread(third).at(0);  // a copy: the map is a temporary
  const size_t n = std::min(z.size(), a.at(0).size());
  EXPECT_FALSE(std::equal(z.begin(), z.begin() + static_cast<std::ptrdiff_t>(n), a.at(0).begin()));
}

TEST(TapLoad, ARefusedConnectionIsATransportOutcome) {
  // A port just released by the kernel: nothing listens there.
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  ASSERT_GE(fd, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
  socklen_t len = sizeof addr;
  ASSERT_EQ(getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len), 0);
  close(fd);
  TapLoadOptions o =
      LoadOptions("http://127.0.0.1:" + std::to_string(ntohs(addr.sin_port)) + "/tap");
  o.clients = 1;
  o.seconds = 0.2;
  std::vector<TapRequestRecord> log;
  Result<TapLoadSummary> s = RunTapLoad(o, &log);
  ASSERT_TRUE(s.ok()) << s.status().message();
  ASSERT_FALSE(log.empty());
  EXPECT_EQ(s->failed, s->requests);
  for (const TapRequestRecord& r : log) {
    EXPECT_EQ(r.outcome, "transport");
    EXPECT_EQ(r.http_status, 0);
    EXPECT_FALSE(r.message.empty());
  }
  EXPECT_FALSE(FetchUrl(o.url + "/availability", 1).ok());
}

TEST(TapLoad, RefusesOptionsThatCannotRun) {
  TapLoadOptions o = LoadOptions("http://127.0.0.1:9/tap");
  std::vector<TapRequestRecord> log;
  for (TapQueryClass& c : o.classes) c.weight = 0;
  EXPECT_EQ(RunTapLoad(o, &log).status().code(), Status::Code::kInvalidArgument);
  o = LoadOptions("http://127.0.0.1:9/tap");
  o.classes[1].queries.clear();
  EXPECT_EQ(RunTapLoad(o, &log).status().code(), Status::Code::kInvalidArgument);
  o = LoadOptions("http://127.0.0.1:9/tap");
  o.clients = 0;
  EXPECT_EQ(RunTapLoad(o, &log).status().code(), Status::Code::kInvalidArgument);
  EXPECT_TRUE(log.empty());
}

}  // namespace
}  // namespace skyseed
