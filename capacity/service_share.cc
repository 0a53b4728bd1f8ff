#include "capacity/service_share.h"

#include <algorithm>
#include <cstdio>
#include <map>

#include "workload/tap_classes.h"

namespace skyseed {
namespace {

// Mean p50 of `query_class` over the valid windows of a tier at `clients`;
// -1 when no valid window measured it.
double ClassP50(const TierSweep& t, int clients, const std::string& query_class) {
  double sum = 0;
  int n = 0;
  for (const SweepWindow& w : t.windows) {
    if (w.clients != clients || !w.valid()) continue;
    for (const ClassLatency& c : w.classes) {
      if (c.query_class == query_class && c.latency_ms.count > 0) {
        sum += c.latency_ms.p50;
        ++n;
      }
    }
  }
  return n > 0 ? sum / n : -1;
}

const TierSweep* TierNamed(const SweepRecord& r, const std::string& tier) {
  for (const TierSweep& t : r.tiers) {
    if (t.tier == tier) return &t;
  }
  return nullptr;
}

}  // namespace

std::vector<ServiceShare> ServiceShares(const SweepRecord& database, const SweepRecord& tap) {
  std::vector<ServiceShare> out;
  for (const TierSweep& t : tap.tiers) {
    const TierSweep* db = TierNamed(database, t.tier);
    if (db == nullptr) continue;
    std::vector<int> clients;
    for (const SweepWindow& w : t.windows) clients.push_back(w.clients);
    std::sort(clients.begin(), clients.end());
    clients.erase(std::unique(clients.begin(), clients.end()), clients.end());
    for (int c : clients) {
      for (const TapClass& tc : TapMix()) {
        if (tc.database_class == nullptr) continue;
        const double end_to_end = ClassP50(t, c, tc.name);
        const double own = ClassP50(*db, c, tc.database_class);
        if (end_to_end <= 0 || own < 0) continue;
        ServiceShare s;
        s.tier = t.tier;
        s.clients = c;
        s.tap_class = tc.name;
        s.database_class = tc.database_class;
        s.end_to_end_p50_ms = end_to_end;
        s.database_p50_ms = own;
        s.service_p50_ms = std::max(0.0, end_to_end - own);
        s.share = s.service_p50_ms / end_to_end;
        out.push_back(s);
      }
    }
  }
  return out;
}

std::string ServiceSharesCsv(const std::vector<ServiceShare>& shares) {
  std::string s =
      "tier,clients,tap_class,database_class,end_to_end_p50_ms,database_p50_ms,service_p50_ms,"
      "service_share\n";
  for (const ServiceShare& r : shares) {
    char buf[160];
    std::snprintf(buf, sizeof buf, ",%.4f,%.4f,%.4f,%.4f\n", r.end_to_end_p50_ms, r.database_p50_ms,
                  r.service_p50_ms, r.share);
    s +=
        r.tier + "," + std::to_string(r.clients) + "," + r.tap_class + "," + r.database_class + buf;
  }
  return s;
}

double TierServiceShare(const std::vector<ServiceShare>& shares, const std::string& tier) {
  int lowest = 0;
  for (const ServiceShare& s : shares) {
    if (s.tier == tier && (lowest == 0 || s.clients < lowest)) lowest = s.clients;
  }
  double sum = 0;
  int n = 0;
  for (const ServiceShare& s : shares) {
    if (s.tier == tier && s.clients == lowest) {
      sum += s.share;
      ++n;
    }
  }
  return n > 0 ? sum / n : -1;
}

}  // namespace skyseed
