// A service's profile over one window: the sampler (profile/sampler_search)
// run on each of the service's processes at once for `seconds`, its
// collapsed stacks read back and merged into one wall-time and one CPU-time
// profile. austin runs once per process with -f, whose idle flag splits
// wall from CPU time; py-spy records CPU time only (its --idle would need a
// second run, doubling its cost), so its wall profile is left empty.
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

#include "common/status.h"
#include "profile/collapsed_stacks.h"
#include "profile/sampler_search.h"

namespace skyseed {

struct ServiceProfile {
  std::string sampler;               // Sampler::name
  CollapsedProfile wall;             // every sample
  CollapsedProfile cpu;              // samples of running threads
  int processes = 0;                 // sampled
  std::vector<std::string> outputs;  // one raw output file per process
  // The samplers' own CPU (user + system, from wait4): theirs, never the
  // service's, whose CPU is read from its own process trees.
  double sampler_cpu_s = 0;
};

// How long, and how often: 1 ms (1 kHz) resolves a 3 s test; austin writes
// a line per sample with its whole stack (DaCHS: ~3.7 MB a second per
// process at 1 ms), so a sweep's minute-long window on eight processes
// wants 10 ms (kSweepSampleIntervalUs), the rate py-spy records at by default.
struct SampleWindow {
  double seconds = 0;
  int interval_us = 1000;
};

// The sampler's command line for one process (argv[0] as the sampler's
// process sees it); `output` is py-spy's file (austin writes to stdout).
std::vector<std::string> SamplerArgv(const Sampler& s, int pid, const SampleWindow& w,
                                     const std::string& output);

// A sweep's: 100 samples a second per thread, a 5 % frame's share known
// within +-0.3 % over a 60 s window (binomial), a tenth of 1 ms's output and
// of the sampler's own CPU, on the cores the service is measured on.
inline constexpr int kSweepSampleIntervalUs = 10000;

// Samplers under way, one per process: StartSampling begins them and
// returns at once (the load runs meanwhile), FinishSampling waits for them
// and reads their stacks. Every started run must be finished.
struct SamplingRun {
  struct Child {
    int pid = 0;       // the service's process
    pid_t child = -1;  // the sampler's
    std::string output, log;
    int exit_code = -1;
    double cpu_s = 0;  // the sampler's user + system CPU
  };
  Sampler sampler;
  SampleWindow window;
  std::vector<Child> children;
  Status started = Status::Ok();
};
SamplingRun StartSampling(const Sampler& s, const std::vector<int>& pids, const SampleWindow& w,
                          const std::string& work_dir);
Result<ServiceProfile> FinishSampling(SamplingRun* run);

// Samples `pids` over the window, writing each process's raw output and the
// sampler's own messages into `work_dir` (profile-PID.txt, .log: fresh
// files, never through a link). A sampler that fails on every process is an
// error quoting its last message; one that loses a process that exited
// keeps the others.
Result<ServiceProfile> SampleService(const Sampler& s, const std::vector<int>& pids,
                                     const SampleWindow& w, const std::string& work_dir);

}  // namespace skyseed
