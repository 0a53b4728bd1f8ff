#include "sweep_record/sweep_window.h"

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

}  // namespace skyseed
