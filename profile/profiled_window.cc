#include "profile/profiled_window.h"

#include <filesystem>

#include "charts/flame_graph.h"
#include "common/file_writes.h"

namespace fs = std::filesystem;

namespace skyseed {
namespace {

ServiceProfileRecord NoProfile(ServiceProfileRecord r, const std::string& why, Narrator& narrator,
                               const std::string& tier) {
  r.unavailable = why;
  narrator.Say(tier + ": no service profile: " + why);
  return r;
}

}  // namespace

Result<ServiceProfileRecord> RunProfiledWindow(const Sampler& s, const std::vector<int>& pids,
                                               const SampleWindow& w, const std::string& work_dir,
                                               const std::function<Result<double>()>& window) {
  SamplingRun run = StartSampling(s, pids, w, work_dir);
  // The window runs whether or not every sampler started: FinishSampling
  // reaps those that did, and then says why the others did not.
  Result<double> rate = run.started.ok() ? window() : Result<double>(run.started);
  Result<ServiceProfile> profile = FinishSampling(&run);
  if (!rate.ok()) return rate.status();
  if (!profile.ok()) return profile.status();
  ServiceProfileRecord r;
  r.sampler = profile->sampler;
  r.seconds = w.seconds;
  r.interval_us = w.interval_us;
  r.processes = profile->processes;
  r.profiled_rate = *rate;
  r.sampler_cpu_s = profile->sampler_cpu_s;
  r.cpu = std::move(profile->cpu);
  r.wall = std::move(profile->wall);
  return r;
}

Result<ServiceProfileRecord> ProfileServiceWindow(
    const ProfileRequest& q, const std::function<Result<double>(const std::string&)>& window,
    Narrator& narrator) {
  ServiceProfileRecord r;
  r.clients = q.clients;
  r.seconds = q.seconds;
  r.interval_us = kSweepSampleIntervalUs;
  r.unprofiled_rate = q.unprofiled_rate;
  const std::string clients = std::to_string(q.clients) + " clients";
  if (q.unprofiled_rate < 0) {
    return NoProfile(r, "the tier saturated before " + clients + ": no window there to compare",
                     narrator, q.tier);
  }
  Result<Sampler> sampler = FindSampler();
  if (!sampler.ok()) return NoProfile(r, sampler.status().message(), narrator, q.tier);
  // A fresh folder: the samplers' files are created, never reused.
  const fs::path dir(q.dir);
  std::error_code ec;
  fs::remove_all(dir, ec);
  fs::create_directories(dir / "window", ec);
  if (ec) return Status::IoError(dir.string() + ": " + ec.message());
  narrator.Say(q.tier + ": one more window at " + clients + ", DaCHS sampled by " + sampler->name +
               " every " + std::to_string(r.interval_us / 1000) + " ms");
  Status window_failed = Status::Ok();
  Result<ServiceProfileRecord> p =
      RunProfiledWindow(*sampler, q.pids, {r.seconds, r.interval_us}, dir.string(), [&] {
        Result<double> rate = window((dir / "window").string());
        if (!rate.ok()) window_failed = rate.status();
        return rate;
      });
  SKYSEED_RETURN_IF_ERROR(window_failed);
  if (!p.ok()) return NoProfile(r, "the sampler failed: " + p.status().message(), narrator, q.tier);
  p->clients = r.clients;
  p->unprofiled_rate = r.unprofiled_rate;
  SKYSEED_RETURN_IF_ERROR(WriteFileAtomically(
      dir / "flamegraph.svg", ProfileFlameGraph(*p, "DaCHS's CPU, tier " + q.tier + ", " + clients +
                                                        " (" + p->sampler + ")")));
  SKYSEED_RETURN_IF_ERROR(WriteFileAtomically(
      dir / "flamegraph-wall.svg",
      ProfileFlameGraph(*p, "DaCHS's wall time, tier " + q.tier + ", " + clients, true)));
  narrator.Say(ServiceProfileLine(q.tier, *p));
  narrator.Say(q.tier + ": " + WidestFrameSentence(*p));
  return p;
}

std::string ProfileFlameGraph(const ServiceProfileRecord& r, const std::string& title, bool wall) {
  const CollapsedProfile& p = wall ? r.wall : r.main();
  if (p.samples == 0) return "";
  std::vector<FlameStack> stacks;
  for (const auto& [frames, weight] : p.stacks) stacks.push_back({frames, weight});
  return FlameGraphSvg(stacks, title);
}

}  // namespace skyseed
