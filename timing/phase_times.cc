#include "timing/phase_times.h"

#include <nlohmann/json.hpp>

namespace skyseed {
namespace {

constexpr const char* kLoad = "load";
constexpr const char* kIndexes = "indexes";
constexpr const char* kVacuum = "vacuum";
constexpr std::string_view kIndexBuildPrefix = "index ";
constexpr std::string_view kTaskPrefix = "task ";
constexpr const char* kBusy = "busy";
constexpr const char* kCores = "cores";
constexpr const char* kPeakRss = "peak_rss_mib";
constexpr const char* kHostBusy = "host_busy";

}  // namespace

std::string PhaseTimesToJson(const PhaseTimes& p) {
  nlohmann::json j = nlohmann::json::object();
  if (p.load) j[kLoad] = *p.load;
  if (p.indexes) j[kIndexes] = *p.indexes;
  if (p.vacuum) j[kVacuum] = *p.vacuum;
  for (const auto& [name, seconds] : p.index_builds) {
    j[std::string(kIndexBuildPrefix) + name] = seconds;
  }
  for (const auto& [name, seconds] : p.tasks) j[std::string(kTaskPrefix) + name] = seconds;
  if (!p.tasks.empty()) j[kBusy] = p.busy_is_cpu ? "cpu" : "wall";
  if (p.cores > 0) j[kCores] = p.cores;
  if (p.peak_rss_mib > 0) j[kPeakRss] = p.peak_rss_mib;
  if (p.host_busy) j[kHostBusy] = *p.host_busy;
  return j.dump();
}

Result<PhaseTimes> PhaseTimesFromJson(const std::string& text) {
  const nlohmann::json j = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (!j.is_object()) return Status::Corruption("recorded phases are not a JSON object");
  PhaseTimes p;
  for (const auto& [key, value] : j.items()) {
    if (key == kBusy && value.is_string()) p.busy_is_cpu = value.get<std::string>() == "cpu";
    if (!value.is_number()) continue;
    const double s = value.get<double>();
    if (key == kLoad) p.load = s;
    if (key == kIndexes) p.indexes = s;
    if (key == kVacuum) p.vacuum = s;
    if (key.starts_with(kIndexBuildPrefix))
      p.index_builds[key.substr(kIndexBuildPrefix.size())] = s;
    if (key.starts_with(kTaskPrefix)) p.tasks[key.substr(kTaskPrefix.size())] = s;
    if (key == kCores) p.cores = static_cast<int>(s);
    if (key == kPeakRss) p.peak_rss_mib = s;
    if (key == kHostBusy) p.host_busy = s;
  }
  return p;
}

}  // namespace skyseed
