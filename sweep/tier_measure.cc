#include "sweep/tier_measure.h"

#include <cstdio>
#include <optional>

#include "capacity/cold_windows.h"
#include "capacity/saturation.h"
#include "capacity/warmup.h"

namespace skyseed {
namespace {

const SweepWindow* FindWindow(const std::vector<SweepWindow>& done, int clients, int rep) {
  for (const SweepWindow& w : done) {
    if (w.clients == clients && w.rep == rep) return &w;
  }
  return nullptr;
}

// The recorded window a run keeps rather than measures; a flagged one is
// measured again under --remeasure-flagged.
const SweepWindow* Recorded(const SweepOptions& o, const std::vector<SweepWindow>& done,
                            int clients, int rep) {
  const SweepWindow* w = FindWindow(done, clients, rep);
  return w && o.remeasure_flagged && !w->valid() ? nullptr : w;
}

}  // namespace

bool WindowsLeftToMeasure(const SweepOptions& o, const std::vector<SweepWindow>& recorded) {
  std::vector<StepEvidence> steps;
  for (int clients : o.clients) {
    std::vector<SweepWindow> step;
    for (int rep = 1; rep <= o.reps; ++rep) {
      const SweepWindow* w = Recorded(o, recorded, clients, rep);
      if (!w) return true;
      step.push_back(*w);
    }
    FlagColdWindows(&step, SweepWarmupRule(o));
    steps.push_back(StepFromWindows(step));
    if (FindSaturation(steps, o.rule).saturated) return false;
  }
  return false;
}

namespace {

// "ci: warming up: 5 s interval 3 at 8 clients: 7,812 tps, hit 0.99991, 15.2 reads/s".
std::string DescribeWarmupInterval(const std::string& tier, int n, int clients,
                                   const WarmupInterval& i, const char* rate) {
  char buf[192];
  std::snprintf(buf, sizeof buf,
                ": warming up: %.0f s interval %d at %d clients: %.*f %s, hit %.5f, %.1f reads/s",
                i.seconds, n, clients, i.tps < 100 ? 1 : 0, i.tps, rate, i.hit_ratio,
                i.reads_per_s);
  return tier + buf;
}

// Warms the tier up at `clients` until the warm-up rule says the intervals
// have settled, or its bound.
Result<WarmupRecord> WarmUp(SweepBench& bench, const SweepOptions& o, const char* rate, int clients,
                            const std::string& tier, Narrator& narrator) {
  const WarmupRule rule = SweepWarmupRule(o);
  WarmupRecord r;
  r.clients = clients;
  r.interval_s = WarmupJudged(rule) ? rule.interval_s : rule.max_s;
  r.max_s = rule.max_s;
  if (!WarmupJudged(rule)) {
    narrator.Say(tier + ": warming up " + std::to_string(rule.max_s) +
                 " s (fixed: too short to judge in " + std::to_string(rule.interval_s) +
                 " s intervals)");
  }
  for (int seconds; (seconds = NextWarmupSeconds(r.intervals, rule)) > 0;) {
    const int n = static_cast<int>(r.intervals.size()) + 1;
    SKYSEED_ASSIGN_OR_RETURN(SweepWindow w, bench.RunWarmupInterval(n, clients, seconds));
    // The seconds asked for, so the bound is kept exactly; the rates are
    // over the span the window measured.
    r.intervals.push_back({static_cast<double>(seconds), w.tps, w.hit_ratio, w.reads_per_s});
    r.seconds += seconds;
    if (WarmupJudged(rule)) {
      narrator.Say(DescribeWarmupInterval(tier, n, clients, r.intervals.back(), rate));
    }
  }
  r.outcome = WarmupOutcomeOf(r.intervals, rule);
  char total[32];
  std::snprintf(total, sizeof total, "%.0f s", r.seconds);
  if (r.outcome == WarmupOutcome::kSettled) {
    narrator.Say(tier + ": warm-up settled after " + total);
  } else if (r.outcome == WarmupOutcome::kNotSettled) {
    narrator.Say(tier + ": warm-up not settled after " + total +
                 "; the first window is flagged cold");
  }
  return r;
}

}  // namespace

Status MeasureTier(SweepBench& bench, const SweepOptions& o, const char* rate,
                   const std::vector<SweepWindow>& done, bool held, TierSweep* t,
                   Narrator& narrator) {
  std::vector<StepEvidence> steps;
  bool warmed = false;
  int unmeasurable = 0;
  std::optional<GuardFlag> cold_flag;  // the first measured window's, if the warm-up did not settle
  for (int clients : o.clients) {
    std::vector<SweepWindow> step;
    for (int rep = 1; rep <= o.reps; ++rep) {
      const SweepWindow* kept = Recorded(o, done, clients, rep);
      if (!kept && !held) {
        ++unmeasurable;
        kept = FindWindow(done, clients, rep);  // a flagged one still counts
      }
      if (kept) {
        step.push_back(*kept);
        continue;
      }
      if (!held) continue;
      if (!warmed) {
        SKYSEED_ASSIGN_OR_RETURN(const std::string primed, bench.Prime());
        if (!primed.empty()) narrator.Say(t->tier + ": read the working set ahead: " + primed);
      }
      if (!warmed && o.warmup_s > 0) {
        SKYSEED_ASSIGN_OR_RETURN(WarmupRecord warmup,
                                 WarmUp(bench, o, rate, clients, t->tier, narrator));
        cold_flag = WarmupColdFlag(warmup);
        t->warmup = std::move(warmup);
      }
      SKYSEED_ASSIGN_OR_RETURN(SweepWindow w, bench.RunWindow(clients, rep, o.duration_s));
      if (!warmed && cold_flag) w.flags.push_back(*cold_flag);
      warmed = true;
      SKYSEED_RETURN_IF_ERROR(bench.RecordWindow(w));
      narrator.Say(DescribeWindow(w, rate));
      step.push_back(w);
    }
    for (size_t i : FlagColdWindows(&step, SweepWarmupRule(o))) {
      SKYSEED_RETURN_IF_ERROR(bench.UpdateWindow(step[i]));
      narrator.Say(t->tier + " " + std::to_string(clients) + " clients rep " +
                   std::to_string(step[i].rep) + " flagged: " + step[i].flags.back().text);
    }
    t->windows.insert(t->windows.end(), step.begin(), step.end());
    if (step.empty()) break;
    steps.push_back(StepFromWindows(step));
    t->finding = FindSaturation(steps, o.rule);
    if (t->finding.saturated) {
      narrator.Say(t->tier + " saturated " + t->finding.reason +
                   " (limit: " + LimitKindName(t->finding.limit) + "); no more clients");
      break;
    }
  }
  if (unmeasurable > 0) {
    narrator.Say(t->tier + ": " + std::to_string(unmeasurable) +
                 " window(s) to measure, but the database has grown past " + t->tier +
                 "; its recorded windows stand");
  }
  return Status::Ok();
}

std::string DescribeWindow(const SweepWindow& w, const char* rate) {
  char buf[256];
  std::snprintf(buf, sizeof buf,
                "%s %d clients rep %d: %.*f %s, p50 %.2f ms, p95 %.2f ms, p99 %.2f ms, "
                "errors %.2f %%, hit %.4f",
                w.tier.c_str(), w.clients, w.rep, w.tps < 100 ? 1 : 0, w.tps, rate,
                w.latency_ms.p50, w.latency_ms.p95, w.latency_ms.p99, 100 * w.error_rate,
                w.hit_ratio);
  std::string s = buf;
  for (const GuardFlag& f : w.flags) s += " [flagged: " + f.text + "]";
  return s;
}

}  // namespace skyseed
