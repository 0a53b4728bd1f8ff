// The window the report tests build their sweeps from: tier ci, a client
// count and repetition, a throughput, and p50/p95/p99 of p95/2, p95, 2·p95;
// a flagged one failed the swap guard.
#pragma once

#include "capacity/sweep_window.h"

namespace skyseed {

inline SweepWindow TestWindow(int clients, int rep, double tps, double p95, bool flagged = false) {
  SweepWindow w;
  w.tier = "ci";
  w.clients = clients;
  w.rep = rep;
  w.tps = tps;
  w.latency_ms.p50 = p95 / 2;
  w.latency_ms.p95 = p95;
  w.latency_ms.p99 = p95 * 2;
  if (flagged) w.flags.push_back("swap grew in the window");
  return w;
}

}  // namespace skyseed
