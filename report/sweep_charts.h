// The charts of one capacity sweep, as the users' scaling page draws them:
// against client count (throughput, latency percentiles, each class's p95,
// errors, run-to-run spread), against database size (peak throughput, p95,
// hit ratio, each class's unloaded p95), against throughput (PostgreSQL's
// CPU and read I/O) and, for a TAP sweep, latency against response size.
// Points are means over valid windows with their 95 % Student-t interval.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "charts/line_chart.h"
#include "sweep_record/sweep_record.h"

namespace skyseed {

// What a sweep's windows count: pgbench's transactions, or TAP requests.
struct SweepUnits {
  const char* clients;  // the x axis of the client charts
  const char* rate;     // the throughput axis
  const char* per;      // "transaction" or "request"
};
SweepUnits UnitsOf(const SweepRecord& r);

struct SweepChart {
  std::string name;  // the file's name after the sweep's prefix, e.g. "throughput.svg"
  LineChart chart;
  std::string caption;
};

// Every chart of `r`, in the order the report shows them. Charts with
// nothing to draw (no valid window, a database sweep's response sizes) are
// left out.
std::vector<SweepChart> SweepCharts(const SweepRecord& r);

// The step (client count) of a tier's highest mean throughput over valid
// windows; nullptr when the tier has no step.
const std::vector<SweepWindow>* PeakStep(const std::map<int, std::vector<SweepWindow>>& steps);

}  // namespace skyseed
