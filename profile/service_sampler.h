// A service's profile over one window: the sampler (profile/sampler_search)
// run on each of the service's processes at once for `seconds`, its
// collapsed stacks read back and merged into one wall-time and one CPU-time
// profile. austin runs once per process with -f, whose idle flag splits
// wall from CPU time; py-spy records CPU time only (its --idle would need a
// second run, doubling its cost), so its wall profile is left empty.
#pragma once

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
};

// How long, and how often: 1 ms (1 kHz) resolves a 3 s test; austin writes
// a line per sample with its whole stack (DaCHS: ~3.7 MB a second per
// process at 1 ms), so a sweep's minute-long window on eight processes may
// want 10 ms, the rate py-spy records at by default.
struct SampleWindow {
  double seconds = 0;
  int interval_us = 1000;
};

// The sampler's command line for one process (argv[0] as the sampler's
// process sees it); `output` is py-spy's file (austin writes to stdout).
std::vector<std::string> SamplerArgv(const Sampler& s, int pid, const SampleWindow& w,
                                     const std::string& output);

// Samples `pids` over the window, writing each process's raw output and the
// sampler's own messages into `work_dir` (profile-PID.txt, .log: fresh
// files, never through a link). A sampler that fails on every process is an
// error quoting its last message; one that loses a process that exited
// keeps the others.
Result<ServiceProfile> SampleService(const Sampler& s, const std::vector<int>& pids,
                                     const SampleWindow& w, const std::string& work_dir);

}  // namespace skyseed
