#include "sweep/sweep_target.h"

#include "sweep/tier_measure.h"

namespace skyseed {

Status SweepTierOn(SweepTarget& target, const SweepOptions& o, const SweepTier& tier, TierSweep* t,
                   Narrator& narrator) {
  *t = tier.base;
  Result<std::vector<SweepWindow>> done = target.PrepareTier(tier, t);
  Status measured = done.status();
  if (measured.ok()) {
    // The target's own window length (the TAP sweep's --tap-window), everything else as asked.
    SweepOptions windows = o;
    windows.duration_s = target.Key().duration_s;
    measured = MeasureTier(target.Bench(), windows, target.Units(), *done, tier.held, t, narrator);
  }
  if (measured.ok()) measured = target.FinishTier(t);
  const Status stopped = target.Stop();
  return measured.ok() ? stopped : measured;
}

}  // namespace skyseed
