#include "profile/service_profile_record.h"

#include <cstdio>
#include <exception>
#include <map>

namespace skyseed {
namespace {

using json = nlohmann::json;

// {"frames": [names], "stacks": [[weight, frame index, ...], ...],
//  "samples": n, "weight": w}
json StacksToJson(const CollapsedProfile& p) {
  std::map<std::string, size_t> index;
  json frames = json::array(), stacks = json::array();
  for (const auto& [names, weight] : p.stacks) {
    json stack = json::array({weight});
    for (const std::string& f : names) {
      const auto [at, added] = index.emplace(f, index.size());
      if (added) frames.push_back(f);
      stack.push_back(at->second);
    }
    stacks.push_back(std::move(stack));
  }
  return {{"frames", frames}, {"stacks", stacks}, {"samples", p.samples}, {"weight", p.weight}};
}

// Throws json's exceptions or std::out_of_range on a malformed record.
CollapsedProfile StacksFromJson(const json& j) {
  CollapsedProfile p;
  const std::vector<std::string> frames = j.at("frames").get<std::vector<std::string>>();
  for (const json& stack : j.at("stacks")) {
    std::vector<std::string> names;
    for (size_t i = 1; i < stack.size(); ++i) names.push_back(frames.at(stack[i].get<size_t>()));
    p.stacks[names] += stack.at(0).get<int64_t>();
  }
  p.samples = j.at("samples").get<int64_t>();
  p.weight = j.at("weight").get<int64_t>();
  return p;
}

bool IsCode(const std::string& frame) { return frame != kNoPythonFrame && frame != "INVALID"; }

// "austin" of "austin 3.7.0 (root ...)".
std::string ProgramName(const std::string& sampler) { return sampler.substr(0, sampler.find(' ')); }

}  // namespace

double ServiceProfileRecord::overhead() const {
  if (profiled_rate < 0 || unprofiled_rate <= 0) return -1;
  return 1 - profiled_rate / unprofiled_rate;
}

json ProfileToJson(const ServiceProfileRecord& r) {
  json j = {{"sampler", r.sampler},
            {"unavailable", r.unavailable},
            {"clients", r.clients},
            {"seconds", r.seconds},
            {"interval_us", r.interval_us},
            {"processes", r.processes},
            {"profiled_rate", r.profiled_rate},
            {"unprofiled_rate", r.unprofiled_rate},
            {"sampler_cpu_s", r.sampler_cpu_s}};
  if (r.has_profile()) {
    j["cpu"] = StacksToJson(r.cpu);
    j["wall"] = StacksToJson(r.wall);
  }
  return j;
}

Result<ServiceProfileRecord> ProfileFromJson(const json& j) {
  ServiceProfileRecord r;
  try {
    r.sampler = j.at("sampler").get<std::string>();
    r.unavailable = j.at("unavailable").get<std::string>();
    r.clients = j.at("clients").get<int>();
    r.seconds = j.at("seconds").get<double>();
    r.interval_us = j.at("interval_us").get<int>();
    r.processes = j.at("processes").get<int>();
    r.profiled_rate = j.at("profiled_rate").get<double>();
    r.unprofiled_rate = j.at("unprofiled_rate").get<double>();
    r.sampler_cpu_s = j.at("sampler_cpu_s").get<double>();
    if (j.contains("cpu")) r.cpu = StacksFromJson(j.at("cpu"));
    if (j.contains("wall")) r.wall = StacksFromJson(j.at("wall"));
  } catch (const std::exception& e) {
    return Status::Corruption(std::string("a recorded service profile: ") + e.what());
  }
  return r;
}

std::vector<FrameShare> WidestFrames(const CollapsedProfile& p, size_t n) {
  std::vector<FrameShare> widest;
  for (const FrameShare& f : FrameShares(p)) {
    if (widest.size() == n) break;
    if (IsCode(f.frame) && f.self > 0) widest.push_back(f);
  }
  return widest;
}

std::string ServiceProfileLine(const std::string& tier, const ServiceProfileRecord& r) {
  const std::vector<FrameShare> top = WidestFrames(r.main(), 1);
  char share[32] = "n/a", overhead[32] = "n/a";
  if (!top.empty()) std::snprintf(share, sizeof share, "%.3f", top.front().self);
  if (r.overhead() != -1) std::snprintf(overhead, sizeof overhead, "%.1f%%", 100 * r.overhead());
  return "service-profile tier=" + tier + " clients=" + std::to_string(r.clients) +
         " sampler=" + (r.sampler.empty() ? "none" : ProgramName(r.sampler)) +
         " samples=" + std::to_string(r.main().samples) +
         " top=" + (top.empty() ? "n/a" : top.front().frame) + ":" + share +
         " overhead=" + overhead;
}

std::string WidestFrameSentence(const ServiceProfileRecord& r) {
  const std::vector<FrameShare> top = WidestFrames(r.main(), 1);
  if (top.empty()) return "";
  char text[64];
  std::snprintf(text, sizeof text, "%.1f %% of its %s in ", 100 * top.front().self,
                r.cpu.samples > 0 ? "CPU" : "time");
  std::string s = "DaCHS spent " + std::string(text) + top.front().frame;
  std::snprintf(text, sizeof text, " (its own code; %.1f %% with what it calls)",
                100 * top.front().inclusive);
  return s + text;
}

}  // namespace skyseed
