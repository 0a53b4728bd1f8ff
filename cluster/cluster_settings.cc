#include "cluster/cluster_settings.h"

#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <filesystem>
#include <optional>
#include <sstream>
#include <system_error>
#include <utility>

#include "cluster/text_file.h"

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

std::string ConninfoQuote(const std::string& value) {
  if (!value.empty() && value.find_first_of(" \t\n\r\f\v'\\") == std::string::npos) return value;
  std::string out = "'";
  for (char c : value) {
    if (c == '\'' || c == '\\') out += '\\';
    out += c;
  }
  return out + "'";
}

// A limit file's value: bytes, or none for "max" (v2) or anything unreadable.
std::optional<uint64_t> LimitIn(const std::filesystem::path& file) {
  const std::optional<std::string> text = ReadFile(file);
  uint64_t value = 0;
  if (text && std::from_chars(text->data(), text->data() + text->size(), value).ec == std::errc() &&
      value > 0) {
    return value;
  }
  return std::nullopt;
}

}  // namespace

uint64_t CgroupMemoryLimit(const std::string& cgroup_root, const std::string& proc_self_cgroup) {
  namespace fs = std::filesystem;
  uint64_t limit = UINT64_MAX;
  // The cgroup and each of its ancestors up to the mount's top, where a
  // container with its own cgroup namespace finds its limit.
  const auto lowest_from = [&](const fs::path& top, const std::string& path, const char* file) {
    const fs::path below = fs::path(path).relative_path();
    fs::path dir = below.empty() ? top : top / below;
    for (;;) {
      if (const std::optional<uint64_t> v = LimitIn(dir / file)) limit = std::min(limit, *v);
      if (dir == top || !dir.has_relative_path() || dir.parent_path() == dir) break;
      dir = dir.parent_path();
    }
  };
  // Lines "hierarchy:controllers:path": v2's "0::/path", v1's "4:memory:/path".
  std::istringstream lines(proc_self_cgroup);
  for (std::string line; std::getline(lines, line);) {
    const size_t a = line.find(':'), b = a == std::string::npos ? a : line.find(':', a + 1);
    if (b == std::string::npos) continue;
    const std::string controllers = line.substr(a + 1, b - a - 1), path = line.substr(b + 1);
    if (line.compare(0, a, "0") == 0 && controllers.empty()) {
      lowest_from(fs::path(cgroup_root), path, "memory.max");
    }
    std::istringstream names(controllers);
    for (std::string name; std::getline(names, name, ',');) {
      if (name == "memory") {
        lowest_from(fs::path(cgroup_root) / "memory", path, "memory.limit_in_bytes");
      }
    }
  }
  return limit;
}

ClusterSettings DetectMachine(int connections) {
  const int64_t pages = sysconf(_SC_PHYS_PAGES);
  const int64_t page_size = sysconf(_SC_PAGE_SIZE);
  uint64_t memory = pages > 0 && page_size > 0
                        ? static_cast<uint64_t>(pages) * static_cast<uint64_t>(page_size)
                        : uint64_t{4} << 30;  // unknown: assume a small machine
  // In a container the limit, not the host's memory, decides what fits.
  memory = std::min(memory, CgroupMemoryLimit("/sys/fs/cgroup",
                                              ReadFile("/proc/self/cgroup").value_or("0::/\n")));
  const int64_t online = sysconf(_SC_NPROCESSORS_ONLN);
  int cores = online > 0 ? static_cast<int>(online) : 1;
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof(set), &set) == 0 && CPU_COUNT(&set) > 0) {
    cores = std::min(cores, CPU_COUNT(&set));
  }
  return ClusterSettings{memory, cores, std::max(1, connections)};
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
      // "on" (pglz): docs/benchmarks.md, "Full-page images".
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

std::string EmbeddedConninfo(const std::string& abs_data_dir, const std::string& dbname) {
  return "host=" + ConninfoQuote(abs_data_dir) + " port=" + std::to_string(kPort) +
         " dbname=" + ConninfoQuote(dbname) + " user=postgres";
}

std::string ServerSocketName() { return ".s.PGSQL." + std::to_string(kPort); }

}  // namespace skyseed
