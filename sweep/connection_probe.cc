#include "sweep/connection_probe.h"

#include <chrono>
#include <thread>

#include "loader/pg_connection.h"
#include "sweep/cpu_attribution.h"

namespace skyseed {

Result<double> ProbeConnectionCpuMs(const std::string& conninfo, int postmaster_pid,
                                    int connections) {
  if (postmaster_pid <= 0 || connections <= 0) return -1.0;
  // The postmaster adds a backend's CPU once it has reaped it: settle
  // before and after, so both readings hold every exited backend.
  const auto settle = [] { std::this_thread::sleep_for(std::chrono::milliseconds(300)); };
  settle();
  const CpuReading before = ReadCpu(postmaster_pid);
  for (int i = 0; i < connections; ++i) {
    SKYSEED_ASSIGN_OR_RETURN(std::unique_ptr<PgConnection> c, PgConnection::Connect(conninfo));
  }
  settle();
  const CpuReading after = ReadCpu(postmaster_pid);
  if (before.database < 0 || after.database < 0) return -1.0;
  return 1000 * (after.database - before.database) / connections;
}

}  // namespace skyseed
