// The window (and key) the report tests build their sweeps from: tier ci, a client
// count and repetition, a throughput, and p50/p95/p99 of p95/2, p95, 2·p95;
// a flagged one failed the swap guard.
#pragma once

#include "capacity/saturation.h"
#include "sweep_record/sweep_key.h"
#include "sweep_record/sweep_record.h"
#include "sweep_record/sweep_window.h"

namespace skyseed {

inline SweepWindow TestWindow(int clients, int rep, double tps, double p95, bool flagged = false) {
  SweepWindow w;
  w.tier = "ci";
  w.clients = clients;
  w.rep = rep;
  w.seconds = 60;
  w.tps = tps;
  w.latency_ms.p50 = p95 / 2;
  w.latency_ms.p95 = p95;
  w.latency_ms.p99 = p95 * 2;
  if (flagged) w.flags.push_back({Guard::kNoSwapping, "swap grew in the window"});
  return w;
}

// A database sweep's key of this mix, every other field the same.
inline SweepKey MixKey(const std::string& mix) {
  SweepKey k;
  k.mix = mix;
  k.duration_s = 20;
  k.warmup_s = 120;
  k.seed = 1;
  return k;
}

// A TAP sweep's key of this mix.
inline SweepKey TapKey(const std::string& mix) {
  SweepKey k = MixKey(mix);
  k.kind = SweepKind::kTap;
  k.service = "skyseed-dachs";
  return k;
}

// The tier with the finding the sweep records (each step's verdict too),
// from its windows.
inline TierSweep Classified(TierSweep t) {
  std::vector<StepEvidence> steps;
  for (const auto& [clients, ws] : WindowsByClients(t)) steps.push_back(StepFromWindows(ws));
  t.finding = FindSaturation(steps);
  return t;
}

}  // namespace skyseed
