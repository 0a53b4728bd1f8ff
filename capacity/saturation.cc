#include "capacity/saturation.h"

#include <algorithm>
#include <cstdio>
#include <optional>
#include <string>

#include "sweep_record/poolers.h"

namespace skyseed {
namespace {

template <typename... Figures>
std::string Format(const char* fmt, Figures... figures) {
  char buf[240];
  std::snprintf(buf, sizeof buf, fmt, figures...);
  return buf;
}

// Past the client, the service and the reads: whose CPU the step ran out of.
LimitKind CpuLimit(const StepEvidence& at, const SaturationRule& rule, std::string* why) {
  const double busy = at.cores > 0 ? at.busy_cores / at.cores : 0;
  if (busy >= rule.machine_busy && at.database_cores < 0) {
    *why = Format(
        "CPUs %.0f %% busy, pgbench %.2f cores of it (the server's processes are not "
        "on this host)",
        100 * busy, at.client_cores);
    return LimitKind::kDatabaseCpu;
  }
  // What the load generator (and a service in front) leave the server.
  const double left = at.cores - at.client_cores - std::max(0.0, at.service_cores);
  if (at.database_cores >= 0 && left > 0 && at.database_cores >= rule.database_busy * left) {
    *why = Format("PostgreSQL's processes used %.2f of the %.2f cores the load generator left",
                  at.database_cores, left);
    return LimitKind::kDatabaseCpu;
  }
  if (busy >= rule.machine_busy) {
    *why = Format("CPUs %.0f %% busy but PostgreSQL's processes only %.2f cores of it", 100 * busy,
                  at.database_cores);
    return LimitKind::kUnknown;
  }
  *why = Format("CPUs %.0f %% busy, hit ratio %.3f: neither explains it", 100 * busy, at.hit_ratio);
  return LimitKind::kUnknown;
}

// The service's limit when it was busy (or throttled) at this step: its
// CPU, or serialising large responses while the database idled.
std::optional<LimitKind> ServiceLimit(const StepEvidence& at, const SaturationRule& rule,
                                      std::string* why) {
  const double ceiling = at.service_ceiling > 0 ? at.service_ceiling : at.cores;
  const bool throttled = at.throttled_share >= rule.service_throttled;
  if (!(at.service_cores >= 0 && at.service_cores >= rule.service_busy * ceiling) && !throttled) {
    return std::nullopt;
  }
  const bool database_idle =
      at.database_cores >= 0 && at.database_cores < rule.database_idle * at.cores;
  *why = Format(
      "the TAP service used %.2f of its %.2f-core ceiling; PostgreSQL %.2f cores; "
      "mean response %.0f KiB",
      at.service_cores, ceiling, at.database_cores, at.bytes_per_request / 1024);
  if (at.throttled_share >= 0) {
    *why +=
        Format("; its CPU limit throttled it in %.0f %% of the periods", 100 * at.throttled_share);
  }
  return at.bytes_per_request >= rule.large_response_bytes && database_idle
             ? LimitKind::kSerialisation
             : LimitKind::kTapCpu;
}

}  // namespace

LimitKind ClassifyLimit(const StepEvidence& first, const StepEvidence& at,
                        const SaturationRule& rule, std::string* why) {
  // The client first: on a small host pgbench shares the cores, and a busy
  // client makes every server-side reading meaningless.
  const double per_thread = at.client_threads > 0 ? at.client_cores / at.client_threads : 0;
  const double share = at.busy_cores > 0 ? at.client_cores / at.busy_cores : 0;
  if (per_thread >= rule.client_thread_busy || share >= rule.client_share) {
    *why = Format("pgbench used %.2f cores per thread, %.0f %% of the busy CPU", per_thread,
                  100 * share);
    return LimitKind::kClient;
  }
  // The service before the database: in front of it, a busy service keeps
  // the database's load below what it could take.
  if (std::optional<LimitKind> service = ServiceLimit(at, rule, why)) return *service;
  const bool hits_fell =
      at.hit_ratio < first.hit_ratio - rule.hit_ratio_drop || at.hit_ratio < rule.low_hit_ratio;
  std::string cached_reads;  // hits fell, but the reads did not keep backends waiting
  if (hits_fell && at.reads_per_s > first.reads_per_s) {
    const bool timed = at.read_wait_backends >= 0 && at.database_cores >= 0;
    if (!timed || at.read_wait_backends >= rule.read_wait_share * at.database_cores) {
      *why = Format("buffer hit ratio %.3f (first step %.3f), reads rising", at.hit_ratio,
                    first.hit_ratio);
      if (timed) {
        *why += Format("; backends waited on reads %.2f beside %.2f cores computing",
                       at.read_wait_backends, at.database_cores);
      }
      return LimitKind::kDatabaseIo;
    }
    cached_reads = Format(
        "; hit ratio %.3f, but reads kept only %.2f backends waiting (the page cache served them)",
        at.hit_ratio, at.read_wait_backends);
  }
  const LimitKind kind = CpuLimit(at, rule, why);
  *why += cached_reads;
  if (kind == LimitKind::kDatabaseCpu && at.conn_ms_per_request > 0 && at.pg_ms_per_request > 0 &&
      at.conn_ms_per_request >= rule.connection_share * at.pg_ms_per_request) {
    *why += Format(
        "; of its %.1f ms per request, about %.1f ms open the service's connection (a new "
        "session per request): a pooler that keeps them open",
        at.pg_ms_per_request, at.conn_ms_per_request);
    *why += SessionKeepingPoolerOption();
  }
  return kind;
}

namespace {

// Whether `at` met the saturation rule against the step before it.
bool StoppedScaling(const StepEvidence& before, const StepEvidence& at, const SaturationRule& r) {
  if (before.tps <= 0 || before.p95_ms <= 0) return false;
  return at.tps / before.tps - 1 < r.min_tps_gain && at.p95_ms / before.p95_ms - 1 > r.min_p95_rise;
}

std::vector<StepVerdict> StepVerdicts(const std::vector<StepEvidence>& steps,
                                      const SaturationRule& rule) {
  std::vector<StepVerdict> out;
  for (size_t i = 0; i < steps.size(); ++i) {
    StepVerdict v;
    v.clients = steps[i].clients;
    if (steps[i].tps <= 0) {
      v.why = "no valid window";
    } else {
      v.classified = true;
      v.limit = ClassifyLimit(steps.front(), steps[i], rule, &v.why);
      if (v.limit == LimitKind::kUnknown &&
          (i == 0 || !StoppedScaling(steps[i - 1], steps[i], rule))) {
        v.limit = LimitKind::kNone;
        v.why = "still scaling; " + v.why;
      }
    }
    out.push_back(std::move(v));
  }
  return out;
}

}  // namespace

SaturationFinding FindSaturation(const std::vector<StepEvidence>& steps,
                                 const SaturationRule& rule) {
  SaturationFinding f;
  f.steps = StepVerdicts(steps, rule);
  for (size_t i = 1; i < steps.size(); ++i) {
    const StepEvidence& prev = steps[i - 1];
    const StepEvidence& cur = steps[i];
    if (!StoppedScaling(prev, cur, rule)) continue;
    const double gain = cur.tps / prev.tps - 1;
    const double rise = cur.p95_ms / prev.p95_ms - 1;
    {
      f.saturated = true;
      f.step = i;
      std::string why;
      f.limit = ClassifyLimit(steps.front(), cur, rule, &why);
      f.reason = "at " + std::to_string(cur.clients) + " clients " +
                 Format("throughput %+.0f %%, p95 %+.0f %%", 100 * gain, 100 * rise) + "; " + why;
      return f;
    }
  }
  return f;
}

StepEvidence StepFromWindows(const std::vector<SweepWindow>& windows) {
  StepEvidence s;
  s.hit_ratio = 0;
  s.database_cores = 0;
  s.service_cores = 0;
  int n = 0;
  bool database_known = true, service_known = true;
  double bytes = 0, requests = 0, read_wait = 0;
  bool read_time_known = true;
  for (const SweepWindow& w : windows) {
    s.clients = w.clients;
    s.cores = w.cores;
    if (!w.valid()) continue;
    ++n;
    s.tps += w.tps;
    s.p95_ms += w.latency_ms.p95;
    s.hit_ratio += w.hit_ratio;
    s.reads_per_s += w.reads_per_s;
    if (w.seconds > 0) read_wait += w.read_ms / 1000 / w.seconds;
    // Reads without read time: track_io_timing is off.
    read_time_known = read_time_known && !(w.reads_per_s > 0 && w.read_ms <= 0);
    s.client_cores += w.client_cores;
    s.client_threads = w.client_threads;
    s.busy_cores += w.busy_cores;
    database_known = database_known && w.database_cores >= 0;
    s.database_cores += w.database_cores;
    service_known = service_known && w.service_cores >= 0;
    s.service_cores += w.service_cores;
    s.service_ceiling = w.service_ceiling;
    bytes += w.response_bytes;
    requests += static_cast<double>(w.committed + w.failed);
  }
  if (n == 0) {
    s.hit_ratio = 1;  // nothing measured: no evidence of reads
    s.database_cores = -1;
    s.service_cores = -1;
    return s;
  }
  for (double* v : {&s.tps, &s.p95_ms, &s.hit_ratio, &s.reads_per_s, &s.client_cores, &s.busy_cores,
                    &s.database_cores, &s.service_cores}) {
    *v /= n;
  }
  if (!database_known) s.database_cores = -1;
  if (!service_known) s.service_cores = -1;
  s.bytes_per_request = requests > 0 ? bytes / requests : 0;
  s.throttled_share = KnownMean(windows, [](const SweepWindow& w) { return w.throttled_share; });
  s.pg_ms_per_request = KnownMean(windows, DatabaseMsPerRequest);
  s.conn_ms_per_request = KnownMean(windows, ConnectionMsPerRequest);
  s.read_wait_backends = read_time_known ? read_wait / n : -1;
  return s;
}

}  // namespace skyseed
