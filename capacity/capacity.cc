#include "capacity/capacity.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>

namespace skyseed {
namespace {

// Which guard a window's flag belongs to: each flag starts with the words
// its guard writes (sweep/window_frame.cc, sweep/sweep_window_run.cc,
// sweep/tap_window_run.cc).
struct GuardKind {
  const char* guard;
  std::vector<const char*> flag_starts;
};
const std::vector<GuardKind>& Guards() {
  static const std::vector<GuardKind> guards = {
      {"load generator ran to completion", {"pgbench exited", "tapbench exited"}},
      {"load generator's log matches its own count", {"log holds"}},
      {"load generator below its ceiling", {"load generator at its ceiling"}},
      {"no other process holding the CPUs", {"host-contended"}},
      {"no swapping", {"swap grew"}},
      {"disk headroom kept", {"disk headroom"}},
      {"no unexpected restarts", {"server restarted"}},
      // "cold: warm-up did not settle ..." (sweep/sweep.cc, warmup.h) and "cold
      // cache: hit ... vs ..." (cold_windows.h).
      {"warm cache", {"cold"}},
  };
  return guards;
}

std::string WindowName(const SweepWindow& w) {
  return w.tier + " " + std::to_string(w.clients) + " clients rep " + std::to_string(w.rep);
}

std::string GuardsText(int failed) {
  return failed == 0 ? std::string("passed") : "failed:" + std::to_string(failed);
}

std::string Figure(const char* format, double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, format, v);
  return buf;
}

}  // namespace

std::string LimitText(const TierSweep& t) {
  return t.finding.saturated ? LimitKindName(t.finding.limit) : "none";
}

TierCapacity CapacityOf(const TierSweep& t, const Slo& slo) {
  TierCapacity c;
  c.tier = t.tier;
  for (const auto& [clients, ws] : WindowsByClients(t)) {
    const StepEvidence e = StepFromWindows(ws);
    if (e.tps <= 0) continue;  // no valid window
    if (e.tps > c.peak_tps) {
      c.peak_tps = e.tps;
      c.peak_clients = clients;
    }
    const double errors = ValidInterval(ws, [](const SweepWindow& w) { return w.error_rate; }).mean;
    if (e.p95_ms <= slo.p95_ms && errors < slo.error_rate && e.tps > c.sustainable_tps) {
      c.sustainable_tps = e.tps;
      c.sustainable_clients = clients;
      c.p95_ms_at_sustainable = e.p95_ms;
    }
  }
  return c;
}

std::vector<GuardResult> SummariseGuards(const SweepRecord& r) {
  std::vector<GuardResult> out;
  for (const GuardKind& g : Guards()) out.push_back({g.guard, {}});
  GuardResult other{"every flag of a known guard", {}};
  for (const TierSweep& t : r.tiers) {
    for (const SweepWindow& w : t.windows) {
      for (const std::string& flag : w.flags) {
        bool known = false;
        for (size_t i = 0; i < Guards().size(); ++i) {
          for (const char* start : Guards()[i].flag_starts) {
            if (flag.rfind(start, 0) == 0) {
              out[i].windows.push_back(WindowName(w));
              known = true;
            }
          }
        }
        if (!known) other.windows.push_back(WindowName(w) + ": " + flag);
      }
    }
  }
  GuardResult coverage{"monitoring coverage complete", {}};
  for (const TierSweep& t : r.tiers) {
    for (const std::string& m : t.missing_evidence) coverage.windows.push_back(t.tier + ": " + m);
  }
  out.push_back(coverage);
  if (!other.passed()) out.push_back(other);
  return out;
}

int FailedGuards(const std::vector<GuardResult>& guards) {
  int failed = 0;
  for (const GuardResult& g : guards) failed += g.passed() ? 0 : 1;
  return failed;
}

std::string CapacityLine(const SweepRecord& r, const Slo& slo,
                         const std::vector<GuardResult>& guards) {
  std::string tiers, limits;
  double peak = 0, sustainable = 0;
  for (const TierSweep& t : r.tiers) {
    tiers += (tiers.empty() ? "" : ",") + t.tier;
    const TierCapacity c = CapacityOf(t, slo);
    peak = std::max(peak, c.peak_tps);
    sustainable = std::max(sustainable, c.sustainable_tps);
    limits += " limit_" + t.tier + "=" + LimitText(t);
  }
  // A TAP service's few requests per second keep a decimal: D4's 0.4 is not 0.
  const auto rate = [](double v) { return Figure(v < 100 ? "%.1f" : "%.0f", v); };
  return "capacity tiers=" + tiers + " peak_tps=" + rate(peak) +
         " sustainable_tps=" + rate(sustainable) + " slo_p95_ms=" + Figure("%.0f", slo.p95_ms) +
         " guards=" + GuardsText(FailedGuards(guards)) + limits;
}

const SweepRecord* PairedDatabaseSweep(const std::vector<SweepRecord>& sweeps,
                                       const SweepRecord& tap) {
  const size_t at = tap.key.find(";duration=");
  if (at == std::string::npos) return nullptr;
  const std::string measured = tap.key.substr(at);
  for (const SweepRecord& r : sweeps) {
    if (IsTapSweepKey(r.key)) continue;
    const size_t d = r.key.find(";duration=");
    if (d != std::string::npos && r.key.substr(d) == measured) return &r;
  }
  return nullptr;
}

std::string ScalingLine(const SweepRecord& db, const SweepRecord& tap, const Slo& slo) {
  std::string tiers, gib, hit, rps, tps, limit;
  for (const TierSweep& d : db.tiers) {
    const auto t = std::find_if(tap.tiers.begin(), tap.tiers.end(),
                                [&](const TierSweep& x) { return x.tier == d.tier; });
    if (t == tap.tiers.end()) continue;
    const char* sep = tiers.empty() ? "" : ",";
    const MeanInterval h = ValidInterval(d.windows, WindowHitRatio);
    tiers += sep + d.tier;
    gib += sep + Figure("%.2f", static_cast<double>(d.database_size) / (1 << 30));
    hit += sep + (h.n > 0 ? Figure("%.4f", h.mean) : std::string("n/a"));
    rps += sep + Figure("%.1f", CapacityOf(*t, slo).peak_tps);
    tps += sep + Figure("%.0f", CapacityOf(d, slo).peak_tps);
    limit += sep + LimitText(*t);
  }
  std::set<std::string> failed;
  for (const SweepRecord* r : {&db, &tap}) {
    for (const GuardResult& g : SummariseGuards(*r)) {
      if (!g.passed()) failed.insert(g.guard);
    }
  }
  return "scaling tiers=" + tiers + " db_gib=" + gib + " hit_ratio=" + hit +
         " peak_rps_tap=" + rps + " peak_tps_db=" + tps + " limit=" + limit +
         " guards=" + GuardsText(static_cast<int>(failed.size()));
}

}  // namespace skyseed
