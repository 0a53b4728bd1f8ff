// The sampler against a real Python HTTP service with two hot functions in
// a known CPU ratio, under load from a bounded loop of requests on
// 127.0.0.1. Needs root (austin runs chrooted in its Debian 13
// root) and a sampler; skipped with the reason printed otherwise.
#include "profile/service_sampler.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>

#include "tests/temp_dir.h"

namespace skyseed {
namespace {

// hot_three runs three times the loop of hot_one on every request, so its
// CPU is 3/4 of theirs together. The load is a child process of its own,
// so only the service's own threads are sampled.
constexpr const char* kHotService = R"(import http.server, os, sys, threading, time, urllib.request

def hot_three():
    s = 0
    for i in range(300000):
        s += i * i
    return s

def hot_one():
    s = 0
    for i in range(100000):
        s += i * i
    return s

class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        body = str(hot_three() + hot_one()).encode()
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
    def log_message(self, *args):
        pass

server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
port = server.server_address[1]
if os.fork() == 0:
    end = time.monotonic() + float(sys.argv[1])
    while time.monotonic() < end:
        urllib.request.urlopen("http://127.0.0.1:%d/" % port, timeout=5).read()
    os._exit(0)
server.serve_forever()
)";

constexpr const char* kDebianPython = "/usr/bin/python3";  // Debian's: the root's sampler reads it

pid_t StartHotService(const std::string& script, double seconds) {
  const std::string s = std::to_string(seconds);
  const pid_t pid = fork();
  if (pid == 0) {
    const int null_fd = open("/dev/null", O_RDWR);
    dup2(null_fd, 1);
    dup2(null_fd, 2);  // the load loop's traceback once the service is stopped
    execl(kDebianPython, kDebianPython, script.c_str(), s.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  return pid;
}

// Read independently of the parser: lines that are not comments, and the
// first number after each line's last space.
std::pair<int64_t, int64_t> LinesAndWeight(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  int64_t lines = 0, weight = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    ++lines;
    weight += std::stoll(line.substr(line.rfind(' ') + 1));
  }
  return {lines, weight};
}

double SelfOf(const CollapsedProfile& p, const std::string& frame) {
  for (const FrameShare& f : FrameShares(p)) {
    if (f.frame == frame) return f.self;
  }
  return 0;
}

TEST(ServiceSampler, TheHotFunctionIsTheWidestInItsKnownShare) {
  if (geteuid() != 0) GTEST_SKIP() << "not root: austin runs chrooted in its root";
  if (access(kDebianPython, X_OK) != 0) GTEST_SKIP() << "no " << kDebianPython;
  Result<Sampler> sampler = FindSampler();
  if (!sampler.ok()) GTEST_SKIP() << sampler.status().message();
  TempDir dir;
  const std::string script = (dir.path() / "hot_service.py").string();
  std::ofstream(script) << kHotService;
  const pid_t service = StartHotService(script, 8);
  ASSERT_GT(service, 0);
  sleep(1);
  Result<ServiceProfile> p = SampleService(*sampler, {service}, {3, 1000}, dir.path().string());
  kill(service, SIGTERM);
  waitpid(service, nullptr, 0);
  ASSERT_TRUE(p.ok()) << p.status().message();
  EXPECT_EQ(p->processes, 1);
  ASSERT_GT(p->cpu.samples, 300) << p->sampler;
  const std::vector<FrameShare> shares = FrameShares(p->cpu);
  EXPECT_EQ(shares.front().frame, "hot_service:hot_three");
  const double three = SelfOf(p->cpu, "hot_service:hot_three");
  const double one = SelfOf(p->cpu, "hot_service:hot_one");
  EXPECT_NEAR(three / (three + one), 0.75, 0.075) << three << " " << one;
  std::printf("%s: %lld CPU samples, hot_three %.3f of the two hot functions\n", p->sampler.c_str(),
              static_cast<long long>(p->cpu.samples), three / (three + one));
  if (sampler->kind == SamplerKind::kAustin) {  // and the counts add up
    const auto [lines, weight] = LinesAndWeight(p->outputs.front());
    EXPECT_EQ(p->wall.samples, lines);
    EXPECT_EQ(p->wall.weight, weight);
    int64_t sum = 0;
    for (const auto& [frames, w] : p->wall.stacks) sum += w;
    EXPECT_EQ(sum, weight);
    EXPECT_LT(p->cpu.samples, p->wall.samples);  // the idle main thread
  }
}

TEST(ServiceSampler, AustinReadsTheCpuAndWallOfOneRun) {
  const Sampler s{SamplerKind::kAustin, "/usr/bin/austin", "/r", "austin"};
  const std::vector<std::string> want = {
      "/usr/bin/austin", "-f", "-i", "1000", "-x", "3", "-p", "42"};
  EXPECT_EQ(SamplerArgv(s, 42, {3, 1000}, "out"), want);
  EXPECT_EQ(MajorVersion("austin 3.7.0"), 3);
  EXPECT_EQ(MajorVersion("1.0.1-2"), 1);
  EXPECT_EQ(MajorVersion("none"), 0);
}

}  // namespace
}  // namespace skyseed
