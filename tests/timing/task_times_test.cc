// The time accounting of a growth: busy seconds per task, the bounds they
// imply, and the clocks that measure them.
#include "timing/task_times.h"

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <unistd.h>

#include <chrono>

#include "common/cpu_clock.h"
#include "timing/phase_times.h"

namespace skyseed {
namespace {

TEST(TaskTimes, BoundsAreTheWorkOverTheCoresAndTheLongestUnsplittableTask) {
  const TaskSeconds tasks = {{"load 1", 40},
                             {"load 2", 38},
                             {"generate 1", 3},
                             {"generate 2", 3},
                             {"index obscore_pkey", 2},
                             {"index obscore_s_region_idx", 30},
                             {"vacuum ivoa.obscore", 4}};
  const TimeBounds b = BoundsOf(tasks, 2);
  EXPECT_DOUBLE_EQ(b.work, 120);
  EXPECT_DOUBLE_EQ(b.work_bound, 60);
  // "load 1" is longer but shared chunk by chunk: it is not the longest task.
  EXPECT_EQ(b.longest_task, "index obscore_s_region_idx");
  EXPECT_DOUBLE_EQ(b.longest, 30);
  EXPECT_DOUBLE_EQ(b.bound(), 60);
  EXPECT_EQ(BoundVerdict(b, 64), "bound by work");
  EXPECT_EQ(BoundVerdict(b, 90), "waiting (wall 1.50x the larger bound)");
  // On eight cores the one index build is the floor.
  const TimeBounds wide = BoundsOf(tasks, 8);
  EXPECT_DOUBLE_EQ(wide.work_bound, 15);
  EXPECT_EQ(BoundVerdict(wide, 31), "bound by one task (index obscore_s_region_idx)");
}

TEST(TaskTimes, WaitingForCoresOthersHeldIsNamed) {
  const TimeBounds b = BoundsOf({{"load 1", 45}, {"load 2", 45}}, 2);  // bound 45 s
  // 100 s of wall on 2 cores, the host busy 195 core-seconds, 90 of them ours.
  EXPECT_EQ(BoundVerdict(b, 100, 195),
            "waiting for cores other processes held (wall 2.22x the larger bound; the host was "
            "busy 195 of its 200 core-seconds, this run's tasks 90)");
  // An idle host: the run itself waited (on I/O, locks, the client).
  EXPECT_EQ(BoundVerdict(b, 100, 95), "waiting (wall 2.22x the larger bound)");
  EXPECT_EQ(BoundVerdict(b, 100), "waiting (wall 2.22x the larger bound)");
  EXPECT_EQ(BoundVerdict(b, 48, 96), "bound by work");
}

TEST(TaskTimes, OnlyLoadAndGenerateAreSplittable) {
  EXPECT_TRUE(SplittableTask("load 3"));
  EXPECT_TRUE(SplittableTask("generate 1"));
  EXPECT_FALSE(SplittableTask("index gaia_source_pkey"));
  EXPECT_FALSE(SplittableTask("vacuum gaia.gaia_source"));
  EXPECT_EQ(BoundVerdict(BoundsOf({}, 2), 5), "no tasks recorded");
  EXPECT_EQ(BoundsOf({{"load 1", 4}}, 0).cores, 1);
}

TEST(TaskTimes, TheRecordKeepsTasksCoresRssAndHowBusyWasMeasured) {
  PhaseTimes p;
  p.tasks = {{"load 1", 1.5}, {"index obscore_pkey", 0.25}};
  p.cores = 2;
  p.peak_rss_mib = 83.5;
  p.busy_is_cpu = false;
  const Result<PhaseTimes> back = PhaseTimesFromJson(PhaseTimesToJson(p));
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(back->tasks, p.tasks);
  EXPECT_EQ(back->cores, 2);
  EXPECT_DOUBLE_EQ(back->peak_rss_mib, 83.5);
  EXPECT_FALSE(back->busy_is_cpu);
  EXPECT_TRUE(back->index_builds.empty());  // a task is not an index build's wall time
}

double RusageCpuSeconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_utime.tv_sec + u.ru_stime.tv_sec + (u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6;
}

// Burns about `seconds` of CPU on this thread (at most 20 s of wall time on
// a crowded machine), as getrusage counts it.
void Spin(double seconds) {
  const double start = RusageCpuSeconds();
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  volatile double x = 1;
  while (RusageCpuSeconds() - start < seconds && std::chrono::steady_clock::now() < give_up) {
    for (int i = 0; i < 10000; ++i) x = x * 1.0000001 + 1e-9;
  }
}

TEST(CpuClock, AgreesWithGetrusage) {
  const std::optional<double> proc0 = ProcessCpuSeconds(getpid(), "");
  ASSERT_TRUE(proc0.has_value());
  const double thread0 = ThreadCpuSeconds(), rusage0 = RusageCpuSeconds();
  Spin(0.3);
  const double thread = ThreadCpuSeconds() - thread0;
  const double rusage = RusageCpuSeconds() - rusage0;
  const double proc = *ProcessCpuSeconds(getpid(), "") - *proc0;
  EXPECT_GE(rusage, 0.3);
  EXPECT_NEAR(thread, rusage, 0.03);
  EXPECT_NEAR(proc, rusage, 0.06);  // /proc counts in clock ticks
  // Not a process of that name: no reading.
  EXPECT_FALSE(ProcessCpuSeconds(getpid(), "postgres").has_value());
}

TEST(CpuClock, TheHostIsAtLeastAsBusyAsThisThread) {
  const std::optional<double> host0 = HostBusyCpuSeconds();
  ASSERT_TRUE(host0.has_value());
  const double thread0 = ThreadCpuSeconds();
  Spin(0.2);
  const double host = *HostBusyCpuSeconds() - *host0;
  EXPECT_GE(host + 0.02, ThreadCpuSeconds() - thread0);  // /proc/stat counts in ticks
}

}  // namespace
}  // namespace skyseed
