// The CPU of a process tree from /proc against the kernel's other account of
// the same work: getrusage(RUSAGE_CHILDREN) once the tree has been reaped;
// and reads of /proc during which a parent reaped a child, replayed.
#include "common/process_tree_cpu.h"

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <functional>
#include <memory>

namespace skyseed {
namespace {

void Burn(double cpu_seconds) {
  timespec t{};
  volatile double x = 0;
  do {
    for (int i = 0; i < 100000; ++i) x = x + i * 0.5;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  } while (t.tv_sec + t.tv_nsec * 1e-9 < cpu_seconds);
}

double ProcessTreeCpuSeconds(const timeval& t) { return t.tv_sec + t.tv_usec * 1e-6; }

TEST(ProcStat, ParsesACommandNameWithSpacesAndParentheses) {
  const auto p = ParseProcStat(
      "4242 (a b) (c)) S 17 4242 4242 0 -1 4194304 100 0 0 0 250 31 7 3 20 0 1 0 99 1 1 18");
  ASSERT_TRUE(p);
  EXPECT_EQ(p->pid, 4242);
  EXPECT_EQ(p->comm, "a b) (c)");
  EXPECT_EQ(p->ppid, 17);
  EXPECT_EQ(p->utime, 250u);
  EXPECT_EQ(p->stime, 31u);
  EXPECT_EQ(p->cutime, 7u);
  EXPECT_EQ(p->cstime, 3u);
  EXPECT_EQ(p->state, 'S');
  EXPECT_EQ(p->start_ticks, 99u);
  EXPECT_FALSE(ParseProcStat("4242 (x) S 17 1 2"));
  EXPECT_FALSE(ParseProcStat("not a stat line"));
}

// A child that burns, forks a grandchild that burns and exits (reaped by the
// child), and a second grandchild still alive when the tree is read.
TEST(ProcessTreeCpu, CountsLiveAndReapedDescendantsAsTheKernelDoes) {
  // What this process's earlier children used (other tests' in one run).
  rusage earlier{};
  ASSERT_EQ(getrusage(RUSAGE_CHILDREN, &earlier), 0);
  int ready[2], go[2];
  ASSERT_EQ(pipe(ready), 0);
  ASSERT_EQ(pipe(go), 0);
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    Burn(0.15);
    const pid_t reaped = fork();
    if (reaped == 0) {
      Burn(0.3);
      _exit(0);
    }
    waitpid(reaped, nullptr, 0);
    const pid_t alive = fork();
    if (alive == 0) {
      Burn(0.3);
      (void)!write(ready[1], "a", 1);
      char c;
      (void)!read(go[0], &c, 1);  // until the parent has read the tree
      _exit(0);
    }
    (void)!write(ready[1], "x", 1);
    char c;
    (void)!read(go[0], &c, 1);
    waitpid(alive, nullptr, 0);
    _exit(0);
  }
  // Both the child and the live grandchild have burnt their share.
  char c[2];
  for (int got = 0; got < 2;) {
    const ssize_t n = read(ready[0], c, 2 - got);
    ASSERT_GT(n, 0);
    got += static_cast<int>(n);
  }
  const double before = TreeCpuSeconds(ReadAllProcesses(), child);
  ASSERT_EQ(write(go[1], "xx", 2), 2);
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  rusage ru{};
  ASSERT_EQ(getrusage(RUSAGE_CHILDREN, &ru), 0);
  const double kernel = ProcessTreeCpuSeconds(ru.ru_utime) + ProcessTreeCpuSeconds(ru.ru_stime) -
                        ProcessTreeCpuSeconds(earlier.ru_utime) -
                        ProcessTreeCpuSeconds(earlier.ru_stime);
  EXPECT_GT(before, 0.5) << "the tree leaves out the reaped or the live grandchild";
  // /proc truncates each field to a clock tick and the kernel's count goes
  // on after the read (the exits), so the tree can only be short of it: by
  // up to a tick per process and field (6), plus the exits' CPU, which a
  // busy host stretches (0.04 s measured on a quiet one). Counting a
  // grandchild twice puts it over; leaving one out puts it 0.3 s under.
  EXPECT_LE(before, kernel + 1e-3) << "tree " << before << " s, rusage " << kernel << " s";
  EXPECT_GE(before, kernel - 0.15) << "tree " << before << " s, rusage " << kernel << " s";
  EXPECT_EQ(TreeCpuSeconds(ReadAllProcesses(), child), 0) << "a gone root has no tree";
}

ProcStat Process(int pid, int ppid, uint64_t utime, uint64_t cutime) {
  ProcStat p;
  p.pid = pid;
  p.ppid = ppid;
  p.comm = "postgres";
  p.utime = utime;
  p.cutime = cutime;
  return p;
}

// The reads /proc gave, one per call, then the last again; `calls` counts them.
std::function<std::vector<ProcStat>()> Replay(std::vector<std::vector<ProcStat>> reads,
                                              std::shared_ptr<size_t> calls = nullptr) {
  if (!calls) calls = std::make_shared<size_t>(0);
  return [reads, calls] { return reads[std::min((*calls)++, reads.size() - 1)]; };
}

// A postmaster (pid 900, 100 ticks reaped so far) and its backend 300 (a
// smaller pid, after pids wrapped: /proc lists it first). In the second read
// the backend is read alive at 60 ticks, then exits and is reaped before the
// postmaster is read: its ticks are in both. The tree really used
// 10 + 100 + 60 ticks.
TEST(ProcessTreeCpu, AReadDuringWhichTheServerReapedABackendIsNotUsed) {
  const std::vector<ProcStat> alive = {Process(300, 900, 50, 0), Process(900, 1, 10, 100)};
  const std::vector<ProcStat> torn = {Process(300, 900, 60, 0), Process(900, 1, 10, 160)};
  const std::vector<ProcStat> reaped = {Process(900, 1, 10, 160)};
  const double truth = TreeCpuSeconds(reaped, 900);
  ASSERT_GT(TreeCpuSeconds(torn, 900), truth) << "the torn read should count the backend twice";
  const ProcessesRead after_torn = ReadSettledProcesses({900}, 20, Replay({alive, torn, reaped}));
  EXPECT_TRUE(after_torn.settled);
  EXPECT_EQ(TreeCpuSeconds(after_torn.processes, 900), truth);
  // And the other way: the backend reaped after the postmaster's read and
  // before its own, in neither.
  const std::vector<ProcStat> lost = {Process(900, 1, 10, 100)};
  EXPECT_EQ(
      TreeCpuSeconds(ReadSettledProcesses({900}, 20, Replay({alive, lost, reaped})).processes, 900),
      truth);
  // Out of tries, the last read is said to be unsettled.
  EXPECT_FALSE(ReadSettledProcesses({900}, 2, Replay({alive, torn, reaped})).settled);
  // A reap elsewhere on the host (950, not in the tree) asks for no other read.
  const std::vector<ProcStat> quiet = {Process(900, 1, 10, 160), Process(950, 1, 0, 0)};
  const std::vector<ProcStat> other = {Process(900, 1, 10, 160), Process(950, 1, 0, 7)};
  auto calls = std::make_shared<size_t>(0);
  const ProcessesRead beside =
      ReadSettledProcesses({900}, 20, Replay({quiet, quiet, other}, calls));
  EXPECT_TRUE(beside.settled);
  EXPECT_EQ(TreeCpuSeconds(beside.processes, 900), truth);
  EXPECT_EQ(*calls, 3u);
}

// With the kernel's /proc: a child that keeps forking and reaping
// short-lived burners while the tree is read. Each settled reading is at
// least the one before it and at most what the kernel counts for the tree
// once it has been reaped.
TEST(ProcessTreeCpu, SettledReadingsOfAForkingTreeOnlyGrowAndStayWithinTheKernelsCount) {
  rusage earlier{};
  ASSERT_EQ(getrusage(RUSAGE_CHILDREN, &earlier), 0);
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    for (int i = 0; i < 60; ++i) {
      const pid_t burner = fork();
      if (burner == 0) {
        Burn(0.01);
        _exit(0);
      }
      waitpid(burner, nullptr, 0);
    }
    _exit(0);
  }
  std::vector<double> readings;
  int status = 0;
  // Until it has exited and been reaped (a zombie is still in /proc). A read
  // that did not settle within its tries (a loaded host) is not judged.
  while (waitpid(child, &status, WNOHANG) == 0) {
    const ProcessesRead read = ReadSettledProcesses({child});
    if (read.settled) readings.push_back(TreeCpuSeconds(read.processes, child));
  }
  rusage ru{};
  ASSERT_EQ(getrusage(RUSAGE_CHILDREN, &ru), 0);
  const double kernel = ProcessTreeCpuSeconds(ru.ru_utime) + ProcessTreeCpuSeconds(ru.ru_stime) -
                        ProcessTreeCpuSeconds(earlier.ru_utime) -
                        ProcessTreeCpuSeconds(earlier.ru_stime);
  ASSERT_GT(readings.size(), 1u);
  for (size_t i = 1; i < readings.size(); ++i) {
    // Ticks summed in another order may differ in the last bits.
    EXPECT_GE(readings[i], readings[i - 1] - 1e-9) << "reading " << i;
  }
  // A clock tick per process and field of slack.
  EXPECT_LE(readings.back(), kernel + 0.05) << "kernel " << kernel << " s";
}

}  // namespace
}  // namespace skyseed
