// How much of a TAP request's latency is the service's own: the same query
// class measured end to end through the service and straight on the
// database (the pgbench class running the same index path), at the same
// tier and client count. What is left after the database's time is ADQL
// translation, pool waits, serialisation and HTTP.
#pragma once

#include <string>
#include <vector>

#include "sweep_record/sweep_record.h"

namespace skyseed {

struct ServiceShare {
  std::string tier;
  int clients = 0;
  std::string tap_class;
  std::string database_class;
  double end_to_end_p50_ms = 0;  // mean over the TAP sweep's valid windows
  double database_p50_ms = 0;    // mean over the database sweep's valid windows
  double service_p50_ms = 0;     // the difference, never below 0
  double share = 0;              // service / end to end
};

// One row per tier, client count and TAP class with a database counterpart
// that both sweeps measured in a valid window.
std::vector<ServiceShare> ServiceShares(const SweepRecord& database, const SweepRecord& tap);

// One row per share, with a header: service-share.csv.
std::string ServiceSharesCsv(const std::vector<ServiceShare>& shares);

// The mean share over the classes at the tier's lowest client count (no
// queueing in either sweep there); -1 when no row is of that tier.
double TierServiceShare(const std::vector<ServiceShare>& shares, const std::string& tier);

}  // namespace skyseed
