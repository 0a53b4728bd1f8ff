#include "capacity/sweep_window.h"

namespace skyseed {

MeanInterval ValidInterval(const std::vector<SweepWindow>& windows,
                           double (*figure)(const SweepWindow&)) {
  std::vector<double> values;
  for (const SweepWindow& w : windows) {
    if (w.valid()) values.push_back(figure(w));
  }
  return StudentInterval95(values);
}

double DatabaseMsPerRequest(const SweepWindow& w) {
  const double requests = WindowRequests(w);
  if (w.database_cores < 0 || requests <= 0) return -1;
  return 1000 * w.database_cores * w.seconds / requests;
}

double SessionsPerRequest(const SweepWindow& w) {
  const double requests = WindowRequests(w);
  return w.new_sessions < 0 || requests <= 0 ? -1 : w.new_sessions / requests;
}

double ConnectionMsPerRequest(const SweepWindow& w) {
  const double sessions = SessionsPerRequest(w);
  return sessions < 0 || w.connection_ms < 0 ? -1 : sessions * w.connection_ms;
}

double KnownMean(const std::vector<SweepWindow>& windows, double (*figure)(const SweepWindow&)) {
  double sum = 0;
  int n = 0;
  for (const SweepWindow& w : windows) {
    const double v = figure(w);
    if (!w.valid() || v < 0) continue;
    sum += v;
    ++n;
  }
  return n > 0 ? sum / n : -1;
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
