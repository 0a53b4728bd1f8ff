#include "capacity/cold_windows.h"

#include <cmath>
#include <cstdio>

namespace skyseed {

std::vector<std::string> ColdWindowFlags(const std::vector<SweepWindow>& step,
                                         const WarmupRule& rule, double read_factor) {
  std::vector<std::string> flags(step.size());
  if (step.size() < 2) return flags;
  for (size_t i = 0; i < step.size(); ++i) {
    // The others' means, whatever else flagged them: the figures of a
    // recorded step never change, so a rerun reaches the same verdict.
    double hit = 0, reads = 0;
    for (size_t j = 0; j < step.size(); ++j) {
      if (j == i) continue;
      hit += step[j].hit_ratio;
      reads += step[j].reads_per_s;
    }
    hit /= static_cast<double>(step.size() - 1);
    reads /= static_cast<double>(step.size() - 1);
    const SweepWindow& w = step[i];
    // Block reads as counts over the window: a handful more in a short or
    // low-rate (TAP) window is Poisson noise, not a cold cache.
    const double count = w.reads_per_s * w.seconds, others = reads * w.seconds;
    const bool beyond_noise = count - others > rule.noise_sigmas * std::sqrt(count + others);
    if (w.hit_ratio < hit - rule.hit_tolerance && w.reads_per_s > read_factor * reads &&
        beyond_noise) {
      char buf[128];
      std::snprintf(buf, sizeof buf, "cold cache: hit %.4f vs %.4f in the other repetitions",
                    w.hit_ratio, hit);
      flags[i] = buf;
    }
  }
  return flags;
}

std::vector<size_t> FlagColdWindows(std::vector<SweepWindow>* step, const WarmupRule& rule) {
  const std::vector<std::string> flags = ColdWindowFlags(*step, rule);
  std::vector<size_t> changed;
  for (size_t i = 0; i < step->size(); ++i) {
    if (flags[i].empty()) continue;
    std::vector<GuardFlag>& have = (*step)[i].flags;
    if (HasGuard(have, Guard::kWarmCache)) continue;
    have.push_back({Guard::kWarmCache, flags[i]});
    changed.push_back(i);
  }
  return changed;
}

}  // namespace skyseed
