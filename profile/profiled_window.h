// One measurement window run with the service sampled, and the
// profile drawn: the sweep hands in the window as a callback, so this folder
// knows nothing of sweeps and the sweep nothing of samplers' processes.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "common/narrator.h"
#include "common/status.h"
#include "profile/service_profile_record.h"
#include "profile/service_sampler.h"

namespace skyseed {

// Starts the sampler on every one of `pids`, runs `window` (which returns
// its throughput) while it samples, then reads the stacks back. The record's
// clients and unprofiled rate are the caller's to fill. The window's error
// is returned first; a sampler that read nothing is an error too.
Result<ServiceProfileRecord> RunProfiledWindow(const Sampler& s, const std::vector<int>& pids,
                                               const SampleWindow& w, const std::string& work_dir,
                                               const std::function<Result<double>()>& window);

// What a sweep asks of its profiled window.
struct ProfileRequest {
  std::string tier;
  int clients = 0;
  double seconds = 0;
  double unprofiled_rate = -1;  // the unsampled windows' at `clients`; -1: none ran there
  std::vector<int> pids;        // the service's processes, proven its own
  std::string dir;              // made afresh: each process's raw stacks, flamegraph.svg
};

// The sweep's profiled window: finds a sampler (profile/sampler_search.h),
// runs `window` (given its own folder; returns its throughput) sampled
// every kSweepSampleIntervalUs, draws the flamegraph and tells `narrator`
// the profile's line and widest frame. With no window to compare with, no
// sampler or a sampler that failed, the record says why (and how to get a
// sampler) and the sweep goes on; only the window's own failure is an error.
Result<ServiceProfileRecord> ProfileServiceWindow(
    const ProfileRequest& q, const std::function<Result<double>(const std::string&)>& window,
    Narrator& narrator);

// The record's main profile (CPU, else wall), or with `wall` its wall
// profile (every sample, idle threads too: on a busy host austin counts a
// thread waiting for a core as running, docs/tap-sweeps.md), as a
// flamegraph <svg> of `module:function` frames; "" without samples.
std::string ProfileFlameGraph(const ServiceProfileRecord& r, const std::string& title,
                              bool wall = false);

}  // namespace skyseed
