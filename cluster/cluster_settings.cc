#include "cluster/cluster_settings.h"

#include <algorithm>
#include <cctype>
#include <string>
#include <utility>

#include "common/machine_size.h"
#include "loader/conninfo.h"

namespace skyseed {
namespace {

// Pinned: the postmaster would otherwise take PGPORT from the environment.
constexpr int kPort = 5432;
constexpr uint64_t kMiB = uint64_t{1} << 20;

// postgresql.conf string literal: quotes doubled, backslashes escaped.
std::string ConfQuote(const std::string& value) {
  std::string out = "'";
  for (char c : value) {
    if (c == '\'') out += '\'';
    if (c == '\\') out += '\\';
    out += c;
  }
  return out + "'";
}

// unix_socket_directories is itself a list whose unquoted entries lose edge
// whitespace and end at commas; such names need double quotes.
std::string SocketDirEntry(const std::string& dir) {
  const auto is_space = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
  if (!dir.empty() && dir.find_first_of(",\"") == std::string::npos && !is_space(dir.front()) &&
      !is_space(dir.back())) {
    return dir;
  }
  std::string out = "\"";
  for (char c : dir) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

}  // namespace

ClusterSettings DetectMachine(int connections) {
  const MachineSize m = ReadMachineSize();
  return ClusterSettings{m.memory_bytes, m.cores, std::max(1, connections)};
}

std::string SettingsConf(const ClusterSettings& s, const std::string& abs_data_dir) {
  const uint64_t memory_mb = s.memory_bytes / kMiB;
  const auto mb = [](uint64_t v) { return std::to_string(std::max<uint64_t>(v, 1)) + "MB"; };
  const int connections = std::max(1, s.connections);
  const int cores = std::max(1, s.cores);
  const int parallel_workers = std::max(8, connections * 2);
  const std::pair<const char*, std::string> lines[] = {
      {"shared_buffers", mb(memory_mb / 4)},
      {"effective_cache_size", mb(memory_mb * 3 / 4)},
      {"maintenance_work_mem", mb(std::min<uint64_t>(2048, memory_mb / 16))},
      {"work_mem", "64MB"},
      {"max_parallel_workers", std::to_string(parallel_workers)},
      {"max_worker_processes", std::to_string(parallel_workers + 8)},
      {"max_parallel_maintenance_workers", std::to_string(std::min(4, cores))},
      {"max_parallel_workers_per_gather", std::to_string(std::min(4, cores))},
      {"max_wal_size", "16GB"},
      {"min_wal_size", "1GB"},
      {"checkpoint_timeout", "30min"},
      // Every GiST page a load touches after a checkpoint is written whole
      // to the WAL; lz4 compresses those images at a fraction of the CPU of
      // "on" (pglz): docs/benchmarks/2026-12-full-scale.md, "Full-page images".
      {"wal_compression", "lz4"},
      // synchronous_commit stays on, the service setting: grow turns it off
      // in its own COPY sessions only (grow/pg_grow_database.cc).
      {"listen_addresses", "''"},
      {"unix_socket_directories", ConfQuote(SocketDirEntry(abs_data_dir))},
      {"port", std::to_string(kPort)},
      {"max_connections", std::to_string(std::max(100, connections * 2 + 20))},
      {"autovacuum", "on"},
      {"log_min_messages", "warning"},
      // The evidence a capacity sweep reads (skyseed sweep): statement
      // times and block read times. Both cost little at these rates.
      {"shared_preload_libraries", "'pg_stat_statements'"},
      {"track_io_timing", "on"},
      {"logging_collector", "off"},
  };
  std::string out;
  for (const auto& [name, value] : lines) out += std::string(name) + " = " + value + "\n";
  return out;
}

EmbeddedEndpoint EmbeddedEndpointOf(const std::string& abs_data_dir, const std::string& dbname) {
  return {abs_data_dir, kPort, dbname,
          ConninfoOf({{"host", abs_data_dir},
                      {"port", std::to_string(kPort)},
                      {"dbname", dbname},
                      {"user", "postgres"}})};
}

std::string EmbeddedConninfo(const std::string& abs_data_dir, const std::string& dbname) {
  return EmbeddedEndpointOf(abs_data_dir, dbname).conninfo;
}

std::string ServerSocketName() { return ".s.PGSQL." + std::to_string(kPort); }

}  // namespace skyseed
