// A service's profile as a sweep records it: one extra window at
// one client count, sampled; its CPU and wall stacks, what the sampler cost
// (the profiled window's throughput against the unprofiled windows' at the
// same client count, and the sampler's own CPU), or why there is none. Kept
// as JSON in the tier's sweep record (sweep_record/sweep_store), read back by the
// report. Pure.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "common/status.h"
#include "profile/collapsed_stacks.h"

namespace skyseed {

struct ServiceProfileRecord {
  std::string sampler;      // Sampler::name; "" when there is no profile
  std::string unavailable;  // why not (no sampler, the sampler failed), and how to get one
  int clients = 0;
  double seconds = 0;  // the profiled window's
  int interval_us = 0;
  int processes = 0;            // sampled
  double profiled_rate = -1;    // req/s of the sampled window
  double unprofiled_rate = -1;  // mean req/s of the valid unsampled windows, same clients
  double sampler_cpu_s = -1;    // the sampler's own CPU over the window
  CollapsedProfile cpu, wall;

  bool has_profile() const { return cpu.samples > 0 || wall.samples > 0; }
  // The throughput the sampler cost: 1 - profiled / unprofiled (may be
  // negative, within noise); -1 when either is unknown.
  double overhead() const;
  // CPU when sampled, else wall (py-spy's CPU-only runs, or no CPU sample).
  const CollapsedProfile& main() const { return cpu.samples > 0 ? cpu : wall; }
};

// Stacks are written once each as indices into a table of frame names, so
// a minute of DaCHS's deep, repetitive stacks stays small.
nlohmann::json ProfileToJson(const ServiceProfileRecord& r);
// Corruption for anything ProfileToJson did not write.
Result<ServiceProfileRecord> ProfileFromJson(const nlohmann::json& j);

// The widest frames by self share, at most `n`, leaving out the frames
// that are no code (a thread with no Python frame, a sample austin could
// not read).
std::vector<FrameShare> WidestFrames(const CollapsedProfile& p, size_t n);

// "service-profile tier=S clients=8 sampler=austin samples=5960
// top=gavo.adql.nodes:flatten:0.310 overhead=4.2%": the profile in one
// line (sampler: its program's name; top: the widest frame and its own
// share; overhead: the throughput the sampler cost, in percent; n/a where
// a figure is unknown).
std::string ServiceProfileLine(const std::string& tier, const ServiceProfileRecord& r);

// "DaCHS spent 31.0 % of its CPU in gavo.adql.nodes:flatten (its own code;
// 45.2 % with what it calls)"; "" without a profile.
std::string WidestFrameSentence(const ServiceProfileRecord& r);

}  // namespace skyseed
