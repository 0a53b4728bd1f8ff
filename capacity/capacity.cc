#include "capacity/capacity.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <set>

#include "capacity/saturation.h"
#include "common/number_text.h"

namespace skyseed {
namespace {

std::string WindowName(const SweepWindow& w) {
  return w.tier + " " + std::to_string(w.clients) + " clients rep " + std::to_string(w.rep);
}

std::string GuardsText(int failed) {
  return failed == 0 ? std::string("passed") : "failed:" + std::to_string(failed);
}

}  // namespace

std::string LimitText(const TierSweep& t) {
  return t.finding.saturated ? LimitKindName(t.finding.limit) : "none";
}

TierPeak PeakOf(const TierSweep& t) {
  TierPeak peak;
  for (const auto& [clients, ws] : WindowsByClients(t)) {
    const StepEvidence e = StepFromWindows(ws);
    if (e.tps > peak.rate) peak = {e.tps, clients, e.p95_ms};
  }
  return peak;
}

TierCapacity CapacityOf(const TierSweep& t, const Slo& slo) {
  TierCapacity c;
  c.tier = t.tier;
  const TierPeak peak = PeakOf(t);
  c.peak_tps = peak.rate;
  c.peak_clients = peak.clients;
  for (const auto& [clients, ws] : WindowsByClients(t)) {
    const StepEvidence e = StepFromWindows(ws);
    if (e.tps <= 0) continue;  // no valid window
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
  for (const GuardInfo& g : GuardTable()) out.push_back({g.name, {}});
  GuardResult other{GuardName(Guard::kUnknown), {}};
  for (const TierSweep& t : r.tiers) {
    for (const SweepWindow& w : t.windows) {
      for (size_t i = 0; i < GuardTable().size(); ++i) {
        if (HasGuard(w.flags, GuardTable()[i].guard)) out[i].windows.push_back(WindowName(w));
      }
      for (const GuardFlag& flag : w.flags) {
        if (flag.guard == Guard::kUnknown)
          other.windows.push_back(WindowName(w) + ": " + flag.text);
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
  const auto rate = [](double v) { return FormatNumber(v < 100 ? "%.1f" : "%.0f", v); };
  return "capacity tiers=" + tiers + " peak_tps=" + rate(peak) +
         " sustainable_tps=" + rate(sustainable) +
         " slo_p95_ms=" + FormatNumber("%.0f", slo.p95_ms) +
         " guards=" + GuardsText(FailedGuards(guards)) + limits;
}

const SweepRecord* PairedDatabaseSweep(const std::vector<SweepRecord>& sweeps,
                                       const SweepRecord& tap) {
  // The same draws; of several, the one with the TAP sweep's windows (as
  // --target both records them unless --tap-window sets the TAP's apart).
  const SweepRecord* paired = nullptr;
  for (const SweepRecord& r : sweeps) {
    if (r.key.tap() || !SameDraws(r.key, tap.key)) continue;
    if (paired == nullptr || r.key.duration_s == tap.key.duration_s) paired = &r;
  }
  return paired;
}

namespace {

// The fewest valid windows at any client step of the tier.
size_t FewestValidRepetitions(const TierSweep& t) {
  size_t fewest = SIZE_MAX;
  for (const auto& [clients, windows] : WindowsByClients(t)) {
    fewest =
        std::min<size_t>(fewest, std::count_if(windows.begin(), windows.end(),
                                               [](const SweepWindow& w) { return w.valid(); }));
  }
  return fewest;
}

}  // namespace

std::string ScalingLine(const SweepRecord& db, const SweepRecord& tap, const Slo& slo,
                        const std::string& generator) {
  std::string tiers, gib, hit, rps, tps, limit;
  size_t reps = SIZE_MAX;
  for (const TierSweep& d : db.tiers) {
    const auto t = std::find_if(tap.tiers.begin(), tap.tiers.end(),
                                [&](const TierSweep& x) { return x.tier == d.tier; });
    if (t == tap.tiers.end()) continue;
    const char* sep = tiers.empty() ? "" : ",";
    const MeanInterval h = ValidInterval(d.windows, WindowHitRatio);
    tiers += sep + d.tier;
    gib += sep + FormatNumber("%.2f", static_cast<double>(d.database_size) / (1 << 30));
    hit += sep + (h.n > 0 ? FormatNumber("%.4f", h.mean) : std::string("n/a"));
    rps += sep + FormatNumber("%.1f", CapacityOf(*t, slo).peak_tps);
    tps += sep + FormatNumber("%.0f", CapacityOf(d, slo).peak_tps);
    limit += sep + LimitText(*t);
    reps = std::min({reps, FewestValidRepetitions(d), FewestValidRepetitions(*t)});
  }
  std::set<std::string> failed;
  for (const SweepRecord* r : {&db, &tap}) {
    for (const GuardResult& g : SummariseGuards(*r)) {
      if (!g.passed()) failed.insert(g.guard);
    }
  }
  return "scaling tiers=" + tiers + " db_gib=" + gib + " hit_ratio=" + hit +
         " peak_rps_tap=" + rps + " peak_tps_db=" + tps + " limit=" + limit +
         " guards=" + GuardsText(static_cast<int>(failed.size())) + " generator=" + generator +
         " reps=" + (reps == SIZE_MAX ? std::string("0") : std::to_string(reps));
}

}  // namespace skyseed
