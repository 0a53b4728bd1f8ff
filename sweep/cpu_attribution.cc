#include "sweep/cpu_attribution.h"

#include <unistd.h>

#include <algorithm>
#include <optional>

#include "common/cpu_clock.h"
#include "common/proc_stat.h"
#include "common/process_tree_cpu.h"

namespace skyseed {
namespace {

bool IsPostgres(const std::optional<ProcStat>& p) { return p && p->comm.rfind("postgres", 0) == 0; }

}  // namespace

int LocalPostmasterPid(int backend_pid) {
  const std::optional<ProcStat> backend = ReadProcStat(backend_pid);
  if (!IsPostgres(backend)) return 0;
  return IsPostgres(ReadProcStat(backend->ppid)) ? backend->ppid : 0;
}

CpuReading ReadCpu(int postmaster_pid, const std::vector<int>& service_pids,
                   const std::vector<int>& proxy_pids) {
  CpuReading r;
  r.host_busy = HostBusyCpuSeconds().value_or(0);
  if (postmaster_pid > 0 || !service_pids.empty() || !proxy_pids.empty()) {
    std::vector<int> roots = service_pids;
    roots.insert(roots.end(), proxy_pids.begin(), proxy_pids.end());
    if (postmaster_pid > 0) roots.push_back(postmaster_pid);
    const std::vector<ProcStat> all = ReadSettledProcesses(roots).processes;
    // The trees' sum; -1 when none of the roots runs.
    auto trees = [&](const std::vector<int>& roots) {
      double sum = -1;
      for (const int root : roots) {
        const bool alive = root > 0 && std::any_of(all.begin(), all.end(), [&](const ProcStat& p) {
                             return p.pid == root;
                           });
        if (alive) sum = std::max(sum, 0.0) + TreeCpuSeconds(all, root);
      }
      return sum;
    };
    r.database = trees({postmaster_pid});
    r.service = trees(service_pids);
    r.proxy = trees(proxy_pids);
  }
  if (const std::optional<ProcStat> self = ReadProcStat(getpid())) {
    r.self = self->OwnCpuSeconds();
  }
  return r;
}

CpuShares AttributeCpu(const CpuReading& before, const CpuReading& after, double client_cpu_seconds,
                       double wall_seconds) {
  CpuShares s;
  if (wall_seconds <= 0) return s;
  s.busy_cores = std::max(0.0, after.host_busy - before.host_busy) / wall_seconds;
  s.client_cores = client_cpu_seconds / wall_seconds;
  const double self = std::max(0.0, after.self - before.self) / wall_seconds;
  double accounted = s.client_cores + self;
  if (before.database >= 0 && after.database >= 0) {
    s.database_cores = std::max(0.0, after.database - before.database) / wall_seconds;
    accounted += s.database_cores;
  }
  if (before.service >= 0 && after.service >= 0) {
    s.service_cores = std::max(0.0, after.service - before.service) / wall_seconds;
    accounted += s.service_cores;
  }
  if (before.proxy >= 0 && after.proxy >= 0) {
    s.proxy_cores = std::max(0.0, after.proxy - before.proxy) / wall_seconds;
    accounted += s.proxy_cores;
  }
  s.other_cores = std::max(0.0, s.busy_cores - accounted);
  return s;
}

bool HostContended(const CpuShares& shares, const SaturationRule& rule) {
  // Unknown database CPU leaves it among the others: nothing to tell apart.
  return shares.database_cores >= 0 && shares.other_cores > rule.host_contended_cores;
}

}  // namespace skyseed
