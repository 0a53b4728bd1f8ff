#include "tiers/phase_times.h"

#include <nlohmann/json.hpp>

namespace skyseed {
namespace {

constexpr const char* kLoad = "load";
constexpr const char* kIndexes = "indexes";
constexpr const char* kVacuum = "vacuum";
constexpr std::string_view kIndexBuildPrefix = "index ";

}  // namespace

std::string PhaseTimesToJson(const PhaseTimes& p) {
  nlohmann::json j = nlohmann::json::object();
  if (p.load) j[kLoad] = *p.load;
  if (p.indexes) j[kIndexes] = *p.indexes;
  if (p.vacuum) j[kVacuum] = *p.vacuum;
  for (const auto& [name, seconds] : p.index_builds) {
    j[std::string(kIndexBuildPrefix) + name] = seconds;
  }
  return j.dump();
}

Result<PhaseTimes> PhaseTimesFromJson(const std::string& text) {
  const nlohmann::json j = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (!j.is_object()) return Status::Corruption("recorded phases are not a JSON object");
  PhaseTimes p;
  for (const auto& [key, value] : j.items()) {
    if (!value.is_number()) continue;
    const double s = value.get<double>();
    if (key == kLoad) p.load = s;
    if (key == kIndexes) p.indexes = s;
    if (key == kVacuum) p.vacuum = s;
    if (key.starts_with(kIndexBuildPrefix))
      p.index_builds[key.substr(kIndexBuildPrefix.size())] = s;
  }
  return p;
}

}  // namespace skyseed
