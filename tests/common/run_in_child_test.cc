#include <gtest/gtest.h>
#include <time.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>

#include "common/child_process.h"
#include "common/file_reads.h"

namespace skyseed {
namespace {

namespace fs = std::filesystem;

fs::path Folder() {
  const fs::path dir =
      fs::temp_directory_path() / ("skyseed-run-in-child-" + std::to_string(getpid()) + "-" +
                                   ::testing::UnitTest::GetInstance()->current_test_info()->name());
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

// The child's own account, written from inside it, against what the parent
// measured of it from outside (wait4's rusage): its name, its folder, its
// output, its exit code and its CPU.
TEST(RunInChild, RunsTheBodyAsAProcessApartAndMeasuresItsCpu) {
  const fs::path dir = Folder();
  const fs::path out = dir / "child.out";
  const auto body = [] {
    std::ifstream comm("/proc/self/comm");
    std::string name;
    comm >> name;
    char cwd[4096] = {};
    if (getcwd(cwd, sizeof cwd) == nullptr) return 9;
    // Spin 0.3 s of CPU, then say how much this process used.
    timespec t{};
    volatile double x = 0;
    do {
      for (int i = 0; i < 100000; ++i) x = x + 1;
      clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    } while (t.tv_sec + t.tv_nsec / 1e9 < 0.3);
    std::printf("name %s cwd %s cpu %.6f pid %d\n", name.c_str(), cwd, t.tv_sec + t.tv_nsec / 1e9,
                static_cast<int>(getpid()));
    return 3;
  };
  int ticks = 0;
  Result<ProcessRun> run = RunInChild("tapbench", body, dir.string(), out.string(), 0.05, [&] {
    ++ticks;
    return Status::Ok();
  });
  ASSERT_TRUE(run.ok()) << run.status().message();
  EXPECT_EQ(run->exit_code, 3);
  std::istringstream said(ReadWholeFileOrEmpty(out));
  std::string k1, name, k2, cwd, k3, k4;
  double cpu = 0;
  int pid = 0;
  said >> k1 >> name >> k2 >> cwd >> k3 >> cpu >> k4 >> pid;
  EXPECT_EQ(name, "tapbench");
  EXPECT_EQ(fs::path(cwd), fs::canonical(dir));
  EXPECT_NE(pid, getpid());
  EXPECT_GE(cpu, 0.3);
  EXPECT_NEAR(run->cpu_seconds, cpu, 0.05) << "wait4's rusage against the child's own clock";
  EXPECT_GE(run->wall_seconds, 0.3);
  EXPECT_GE(ticks, 2);
  fs::remove_all(dir);
}

// A failed tick stops the child at once (SIGTERM ends it, though the sweep
// blocks that signal for its watcher) and is returned.
TEST(RunInChild, AFailedTickStopsTheChild) {
  const fs::path dir = Folder();
  const auto start = std::chrono::steady_clock::now();
  Result<ProcessRun> run = RunInChild(
      "sleeper",
      [] {
        std::this_thread::sleep_for(std::chrono::seconds(30));
        return 0;
      },
      dir.string(), (dir / "out").string(), 0.05,
      [] { return Status::Unavailable("the monitor lost its server"); });
  EXPECT_FALSE(run.ok());
  EXPECT_EQ(run.status().code(), Status::Code::kUnavailable);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10));
  fs::remove_all(dir);
}

}  // namespace
}  // namespace skyseed
