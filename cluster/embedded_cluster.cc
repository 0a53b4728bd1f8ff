#include "cluster/embedded_cluster.h"

#include "cluster/run_as.h"

#include <fcntl.h>
#include <grp.h>
#include <libpq-fe.h>
#include <pwd.h>
#include <sched.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <optional>
#include <sstream>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

namespace skyseed {
namespace {

namespace fs = std::filesystem;

constexpr int kPort = 5432;
constexpr char kMarkerFile[] = "skyseed-cluster";
constexpr char kMarkerLine[] = "skyseed embedded PostgreSQL cluster";
constexpr char kSettingsFile[] = "skyseed.conf";
constexpr char kIncludeLine[] = "include_if_exists = 'skyseed.conf'";
constexpr char kLogFile[] = "server.log";
constexpr char kPidFile[] = "postmaster.pid";
constexpr char kSocketName[] = ".s.PGSQL.5432";
constexpr char kSuggestedDir[] = "/var/tmp/skyseed-data";
constexpr char kDefaultBinDir[] = "/usr/lib/postgresql/15/bin";
// Generous because crash recovery may replay up to max_wal_size (16GB).
constexpr int kStartTimeoutSeconds = 1800;
constexpr int kStopTimeoutSeconds = 600;
constexpr uint64_t kMiB = uint64_t{1} << 20;

// Collapses whitespace so a message fits the CLI's single stderr line.
std::string OneLine(const std::string& text) {
  std::string out;
  for (char c : text) {
    const bool space = std::isspace(static_cast<unsigned char>(c)) != 0;
    if (space && (out.empty() || out.back() == ' ')) continue;
    out += space ? ' ' : c;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

// Drops the server's log_line_prefix ("2024-05-01 12:00:00.000 UTC [123] ").
std::string WithoutLogPrefix(const std::string& line) {
  const size_t end = line.find("] ");
  const bool prefixed = !line.empty() && std::isdigit(static_cast<unsigned char>(line[0])) != 0;
  return prefixed && end != std::string::npos ? line.substr(end + 2) : line;
}

bool IsErrorLine(const std::string& line) {
  for (const char* level : {"FATAL:", "PANIC:", "ERROR:", "error:"}) {
    if (line.find(level) != std::string::npos) return true;
  }
  return false;
}

bool IsRoutineLine(const std::string& line) {
  for (const char* routine : {"starting PostgreSQL", "listening on", "database system"}) {
    if (line.find(routine) != std::string::npos) return true;
  }
  return false;
}

// A server's log ends with "database system is shut down", so the last line
// rarely explains a failure: take the last error line instead, with up to two
// non-routine lines before it (they often name the bad setting) and the
// DETAIL and HINT after it.
std::string ErrorLineOf(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (!OneLine(line).empty()) lines.push_back(WithoutLogPrefix(line));
  }
  if (lines.empty()) return "";
  size_t at = lines.size() - 1;
  while (at > 0 && !IsErrorLine(lines[at])) --at;
  if (!IsErrorLine(lines[at])) return OneLine(lines.back());
  size_t first = at;
  while (first > 0 && at - first < 2 && !IsRoutineLine(lines[first - 1]) &&
         !IsErrorLine(lines[first - 1])) {
    --first;
  }
  std::string out;
  for (size_t i = first; i <= at; ++i) out += lines[i] + " ";
  for (size_t i = at + 1; i < lines.size() && i <= at + 2; ++i) {
    if (lines[i].rfind("DETAIL:", 0) == 0 || lines[i].rfind("HINT:", 0) == 0) out += lines[i] + " ";
  }
  return OneLine(out);
}

std::optional<std::string> ReadFile(const fs::path& path, uintmax_t offset = 0) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  in.seekg(static_cast<std::streamoff>(offset));
  if (!in) return std::string();
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::string PgBin(const char* program) {
  const char* env = std::getenv("SKYSEED_PG_BINDIR");
  return std::string(env != nullptr && *env != '\0' ? env : kDefaultBinDir) + "/" + program;
}

Status CheckBinaries() {
  for (const char* program : {"initdb", "pg_ctl", "postgres"}) {
    const std::string path = PgBin(program);
    if (access(path.c_str(), X_OK) != 0) {
      return Status::NotFound("PostgreSQL server program " + path +
                              " not found (install postgresql-15 and postgresql-15-pgsphere, "
                              "or set SKYSEED_PG_BINDIR)");
    }
  }
  return Status::Ok();
}

// Root hands the cluster to "postgres", or keeps an existing cluster's owner,
// who is the only user its server can run as.
Result<RunAs> ResolveRunAs(const fs::path& dir, bool existing_cluster) {
  if (geteuid() != 0) return RunAs{};
  struct stat st {};
  if (existing_cluster && stat(dir.c_str(), &st) == 0 && st.st_uid != 0) {
    Result<RunAs> owner = LookUpUser(nullptr, st.st_uid);
    if (owner.ok()) return owner;
    return RunAs{true, std::to_string(st.st_uid), st.st_uid, st.st_gid, {st.st_gid}};
  }
  Result<RunAs> postgres = LookUpUser("postgres", 0);
  if (postgres.ok()) return postgres;
  return Status::InvalidArgument(
      "running as root, but there is no user \"postgres\" to run PostgreSQL as (it refuses to "
      "run as root): install postgresql, or run skyseed as an ordinary user");
}

// The server runs as `as`, so it must be able to reach the data directory;
// we do not loosen the user's parent directories for it.
Status CheckReachable(const RunAs& as, const fs::path& dir) {
  if (!as.switch_user) return Status::Ok();
  fs::path parent = dir.parent_path();
  std::error_code ec;
  while (!fs::exists(parent, ec) && parent.has_relative_path()) parent = parent.parent_path();
  Result<std::optional<fs::path>> blocked = FirstUnsearchable(as, parent);
  if (!blocked.ok()) return blocked.status();
  if (!blocked->has_value()) return Status::Ok();
  return Status::InvalidArgument(
      "cannot use data directory " + dir.string() + ": PostgreSQL refuses to run as root, so " +
      "skyseed runs it as user " + as.name + ", who cannot reach it (" + (*blocked)->string() +
      " is not searchable by " + as.name + "); choose a --data-dir that " + as.name +
      " can reach, such as " + kSuggestedDir);
}

enum class DirKind { kMissing, kEmpty, kOurs, kForeignCluster, kOther, kNotDirectory };

Result<DirKind> ClassifyDir(const fs::path& dir) {
  std::error_code ec;
  const fs::file_status st = fs::status(dir, ec);
  if (st.type() == fs::file_type::not_found) return DirKind::kMissing;
  const std::string d = dir.string();
  if (ec) {
    return Status::InvalidArgument("cannot inspect data directory " + d + ": " + ec.message());
  }
  if (!fs::is_directory(st)) return DirKind::kNotDirectory;
  const bool empty = fs::is_empty(dir, ec);
  if (ec) return Status::InvalidArgument("cannot read data directory " + d + ": " + ec.message());
  if (empty) return DirKind::kEmpty;
  const bool has_version = fs::exists(dir / "PG_VERSION", ec);
  const std::optional<std::string> marker = ReadFile(dir / kMarkerFile);
  const bool ours = marker.has_value() && marker->rfind(kMarkerLine, 0) == 0;
  if (has_version) return ours ? DirKind::kOurs : DirKind::kForeignCluster;
  return DirKind::kOther;
}

std::string NotOursMessage(const fs::path& dir, DirKind kind) {
  const std::string d = dir.string();
  switch (kind) {
    case DirKind::kMissing:
    case DirKind::kEmpty:
      return "no skyseed cluster in " + d;
    case DirKind::kForeignCluster:
      return d + " holds a PostgreSQL cluster that skyseed did not create (no " + kMarkerFile +
             " file); skyseed leaves it alone: pass a connection to it, or choose a new or "
             "empty --data-dir";
    case DirKind::kNotDirectory:
      return d + " exists and is not a directory; choose a new or empty --data-dir";
    default:
      return d +
             " is not empty and is not a skyseed cluster; skyseed will not initialize a "
             "cluster over it: choose a new or empty --data-dir";
  }
}

// Absolute, normalized, and expressible both in postgresql.conf and libpq.
Result<fs::path> ResolveDataDir(const std::string& data_dir) {
  if (data_dir.empty()) return Status::InvalidArgument("--data-dir is empty");
  std::error_code ec;
  fs::path abs = fs::absolute(data_dir, ec);
  if (ec) {
    return Status::InvalidArgument("cannot resolve --data-dir " + data_dir + ": " + ec.message());
  }
  // Follow a symlink (see RelocateUnreachable) to the real cluster folder.
  abs = fs::weakly_canonical(abs.lexically_normal(), ec);
  if (ec) {
    return Status::InvalidArgument("cannot resolve --data-dir " + data_dir + ": " + ec.message());
  }
  if (!abs.has_filename() && abs.has_relative_path()) abs = abs.parent_path();
  const std::string& s = abs.native();
  // libpq splits host on commas; postgresql.conf is line based.
  if (s.find_first_of(",\n\r") != std::string::npos) {
    return Status::InvalidArgument("--data-dir " + OneLine(s) +
                                   " contains a comma or line break, which a libpq host cannot "
                                   "hold; choose another path");
  }
  const size_t socket_len = s.size() + 1 + sizeof(kSocketName) - 1;
  if (socket_len >= sizeof(sockaddr_un::sun_path)) {
    return Status::InvalidArgument("--data-dir " + s + " is too long: the server's socket " + s +
                                   "/" + kSocketName + " would be " + std::to_string(socket_len) +
                                   " bytes, and unix sockets allow " +
                                   std::to_string(sizeof(sockaddr_un::sun_path) - 1) +
                                   "; choose a shorter one such as " + kSuggestedDir);
  }
  return abs;
}

// Written beside, then renamed, so a reader never sees half a file; owned by
// the server's user, who must read it.
Status WriteOwnedFile(const fs::path& path, const std::string& content, const RunAs& as) {
  const fs::path tmp = path.string() + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out << content;
    out.close();
    if (!out) return Status::IoError("cannot write " + tmp.string());
  }
  if (chmod(tmp.c_str(), 0600) != 0 ||
      (as.switch_user && chown(tmp.c_str(), as.uid, as.gid) != 0)) {
    return Status::IoError("cannot set owner of " + tmp.string() + ": " + ErrnoText(errno));
  }
  std::error_code ec;
  fs::rename(tmp, path, ec);
  if (ec) return Status::IoError("cannot rename " + tmp.string() + ": " + ec.message());
  return Status::Ok();
}

Status PrepareDataDir(const fs::path& dir, DirKind kind, const RunAs& as) {
  const std::string d = dir.string();
  std::error_code ec;
  if (kind == DirKind::kMissing) {
    fs::create_directories(dir, ec);
    if (ec) {
      return Status::InvalidArgument("cannot create data directory " + d + ": " + ec.message());
    }
  } else if (!as.switch_user && access(dir.c_str(), W_OK) != 0) {
    return Status::InvalidArgument("data directory " + d + " is not writable: " + ErrnoText(errno));
  }
  if (!as.switch_user) return Status::Ok();  // initdb sets the mode itself
  if (chown(dir.c_str(), as.uid, as.gid) != 0 || chmod(dir.c_str(), 0700) != 0) {
    return Status::InvalidArgument("cannot hand data directory " + d + " to user " + as.name +
                                   ": " + ErrnoText(errno));
  }
  return Status::Ok();
}

Status InitCluster(const fs::path& dir, const RunAs& as) {
  // --no-locale: C collation never changes with a glibc upgrade, and is the
  // fastest to sort; UTF8 still holds any text.
  Result<CommandOutput> out =
      RunCommand({PgBin("initdb"), "-D", dir.string(), "-U", "postgres", "--auth=trust",
                  "--encoding=UTF8", "--no-locale", "--no-instructions"},
                 as);
  if (!out.ok()) return out.status();
  if (out->exit_code != 0) {
    return Status::IoError("initdb failed in " + dir.string() + ": " + ErrorLineOf(out->output));
  }
  return WriteOwnedFile(dir / kMarkerFile, std::string(kMarkerLine) + "\n", as);
}

Status EnsureIncluded(const fs::path& dir) {
  const fs::path conf = dir / "postgresql.conf";
  const std::optional<std::string> text = ReadFile(conf);
  if (!text) return Status::IoError("cannot read " + conf.string());
  std::istringstream in(*text);
  for (std::string line; std::getline(in, line);) {
    if (line == kIncludeLine) return Status::Ok();
  }
  std::ofstream out(conf, std::ios::app);
  out << "\n# skyseed's settings, sized to the machine; later lines win.\n" << kIncludeLine << "\n";
  out.close();
  if (!out) return Status::IoError("cannot append to " + conf.string());
  return Status::Ok();
}

// The pid in postmaster.pid if that process is alive and is a postmaster of
// this directory. An init that never reaps orphans (PID 1 of some containers
// and VMs) leaves a killed postmaster a zombie, which kill(pid, 0) calls alive
// and which makes a new postmaster refuse to start; a pid reused after a
// reboot is no postmaster either.
std::optional<int> LivePostmasterPid(const fs::path& dir) {
  const std::optional<std::string> text = ReadFile(dir / kPidFile);
  if (!text) return std::nullopt;
  int pid = 0;
  std::from_chars(text->data(), text->data() + text->size(), pid);
  if (pid <= 0 || (kill(pid, 0) != 0 && errno == ESRCH)) return std::nullopt;
  const std::string proc = "/proc/" + std::to_string(pid);
  if (const std::optional<std::string> stat = ReadFile(proc + "/stat")) {
    const size_t paren = stat->rfind(')');
    if (paren != std::string::npos && paren + 2 < stat->size() &&
        ((*stat)[paren + 2] == 'Z' || (*stat)[paren + 2] == 'X')) {
      return std::nullopt;
    }
  }
  std::error_code ec, ec2;
  const fs::path cwd = fs::read_symlink(proc + "/cwd", ec);  // the postmaster chdirs to -D
  const fs::path canonical = fs::weakly_canonical(dir, ec2);
  if (!ec && !ec2 && cwd != canonical) return std::nullopt;
  return pid;
}

Status StartServer(const fs::path& dir, const RunAs& as) {
  const fs::path log = dir / kLogFile;
  const std::string timeout = std::to_string(kStartTimeoutSeconds);
  const std::vector<std::string> args = {
      PgBin("pg_ctl"), "-D", dir.string(), "-l", log.string(), "-w", "-t", timeout, "start"};
  std::string why;
  // Right after a crash the old postmaster's children may take a moment to
  // notice and detach from shared memory, which refuses the new postmaster.
  for (int attempt = 0; attempt < 20; ++attempt) {
    if (attempt > 0) std::this_thread::sleep_for(std::chrono::milliseconds(500));
    std::error_code ec;
    uintmax_t log_start = fs::file_size(log, ec);
    if (ec) log_start = 0;
    Result<CommandOutput> out = RunCommand(args, as);
    if (!out.ok()) return out.status();
    if (out->exit_code == 0) return Status::Ok();
    const std::string logged = ReadFile(log, log_start).value_or("");
    why = ErrorLineOf(logged.empty() ? out->output : logged);
    if (logged.find("pre-existing shared memory block") == std::string::npos) break;
  }
  return Status::Database("could not start PostgreSQL in " + dir.string() + ": " + why +
                          " (log: " + log.string() + ")");
}

Status EnsureServerRunning(const fs::path& dir, const ClusterSettings& s, const RunAs& as) {
  if (LivePostmasterPid(dir)) return Status::Ok();
  // Both lock files hold the dead postmaster's pid (see LivePostmasterPid).
  // Removing them cannot let a second postmaster in: the shared memory
  // interlock refuses one while any process of the old one lives.
  std::error_code ec;
  fs::remove(dir / kPidFile, ec);
  fs::remove(dir / (std::string(kSocketName) + ".lock"), ec);
  const std::string conf = "# Written by skyseed at every start of the server: edits are lost.\n" +
                           SettingsConf(s, dir.string());
  SKYSEED_RETURN_IF_ERROR(WriteOwnedFile(dir / kSettingsFile, conf, as));
  SKYSEED_RETURN_IF_ERROR(EnsureIncluded(dir));
  return StartServer(dir, as);
}

struct PgConnCloser {
  void operator()(PGconn* conn) const { PQfinish(conn); }
};
struct PgResultClearer {
  void operator()(PGresult* result) const { PQclear(result); }
};
using PgConn = std::unique_ptr<PGconn, PgConnCloser>;
using PgResult = std::unique_ptr<PGresult, PgResultClearer>;

// A server that was already running may still be starting up.
Result<PgConn> Connect(const fs::path& dir, const std::string& dbname) {
  const std::string conninfo = EmbeddedConninfo(dir.string(), dbname);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (PQping(conninfo.c_str()) == PQPING_REJECT && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  PgConn conn(PQconnectdb(conninfo.c_str()));
  if (conn == nullptr) return Status::Database("out of memory connecting to " + conninfo);
  if (PQstatus(conn.get()) != CONNECTION_OK) {
    return Status::Database("cannot connect to the embedded server (" + conninfo +
                            "): " + OneLine(PQerrorMessage(conn.get())));
  }
  // NOTICEs such as "extension already exists, skipping" would reach stderr.
  PQsetNoticeProcessor(
      conn.get(), [](void*, const char*) {}, nullptr);
  return conn;
}

// Runs `sql`; an error whose SQLSTATE is `tolerated` counts as success (it
// means a concurrent skyseed did the same first).
Result<PgResult> Exec(PGconn* conn, const char* sql, const char* tolerated = nullptr) {
  PgResult result(PQexec(conn, sql));
  const ExecStatusType st = PQresultStatus(result.get());
  if (st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK) return result;
  const char* state = result ? PQresultErrorField(result.get(), PG_DIAG_SQLSTATE) : nullptr;
  if (tolerated != nullptr && state != nullptr && std::string(state) == tolerated) return result;
  const char* why = result ? PQresultErrorMessage(result.get()) : PQerrorMessage(conn);
  return Status::Database(std::string(sql) + ": " + OneLine(why));
}

Status EnsureDatabaseAndExtension(const fs::path& dir, const std::string& dbname) {
  {
    Result<PgConn> conn = Connect(dir, "postgres");
    if (!conn.ok()) return conn.status();
    const char* name = dbname.c_str();
    PgResult found(PQexecParams(conn->get(), "SELECT 1 FROM pg_database WHERE datname = $1", 1,
                                nullptr, &name, nullptr, nullptr, 0));
    if (PQresultStatus(found.get()) != PGRES_TUPLES_OK) {
      return Status::Database("looking up database " + dbname + ": " +
                              OneLine(PQerrorMessage(conn->get())));
    }
    if (PQntuples(found.get()) == 0) {
      char* quoted = PQescapeIdentifier(conn->get(), dbname.data(), dbname.size());
      if (quoted == nullptr) return Status::InvalidArgument("database name " + dbname + " cannot be quoted");
      const std::string create = std::string("CREATE DATABASE ") + quoted;
      PQfreemem(quoted);
      Result<PgResult> created = Exec(conn->get(), create.c_str(), "42P04");
      if (!created.ok()) return created.status();
    }
  }
  Result<PgConn> conn = Connect(dir, dbname);
  if (!conn.ok()) return conn.status();
  const char* sql = "CREATE EXTENSION IF NOT EXISTS pg_sphere";
  Result<PgResult> ext = Exec(conn->get(), sql, "23505");  // racing creator won
  if (!ext.ok()) return ext.status().Annotate("pg_sphere in the embedded cluster");
  return Status::Ok();
}

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

uint64_t CgroupMemoryLimit() {
  uint64_t limit = UINT64_MAX;
  for (const char* path :
       {"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"}) {
    const std::optional<std::string> text = ReadFile(path);
    uint64_t value = 0;
    if (text &&
        std::from_chars(text->data(), text->data() + text->size(), value).ec == std::errc() &&
        value > 0) {
      limit = std::min(limit, value);
    }
  }
  return limit;
}

}  // namespace

ClusterSettings DetectMachine(int connections) {
  const int64_t pages = sysconf(_SC_PHYS_PAGES);
  const int64_t page_size = sysconf(_SC_PAGE_SIZE);
  uint64_t memory = pages > 0 && page_size > 0
                        ? static_cast<uint64_t>(pages) * static_cast<uint64_t>(page_size)
                        : uint64_t{4} << 30;  // unknown: assume a small machine
  // In a container the limit, not the host's memory, decides what fits.
  memory = std::min(memory, CgroupMemoryLimit());
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
      {"wal_compression", "on"},
      // synchronous_commit stays on, the service setting: grow turns it off
      // in its own COPY sessions only (see tiers/grow_steps.cc).
      {"listen_addresses", "''"},
      {"unix_socket_directories", ConfQuote(SocketDirEntry(abs_data_dir))},
      // Pinned: the postmaster would otherwise take PGPORT from the environment.
      {"port", std::to_string(kPort)},
      {"max_connections", std::to_string(std::max(100, connections * 2 + 20))},
      {"autovacuum", "on"},
      {"log_min_messages", "warning"},
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

// Under root, a new data directory the server's user cannot reach (say
// ./skyseed-data under /root) is created in /var/lib/skyseed/clusters and
// linked from where the user asked, so the default works from any folder
// without loosening the user's own directories.
Result<fs::path> RelocateUnreachable(const fs::path& dir, const RunAs& as) {
  if (CheckReachable(as, dir).ok()) return dir;
  std::error_code ec;
  char name[32];
  std::snprintf(name, sizeof(name), "%016zx", std::hash<std::string>{}(dir.string()));
  const fs::path real = fs::path("/var/lib/skyseed/clusters") / name;
  fs::create_directories(real.parent_path(), ec);
  fs::permissions("/var/lib/skyseed", fs::perms::owner_all | fs::perms::group_exec |
                                          fs::perms::others_exec, ec);
  fs::permissions(real.parent_path(), fs::perms::owner_all | fs::perms::group_exec |
                                          fs::perms::others_exec, ec);
  fs::create_directories(dir.parent_path(), ec);
  fs::create_directory_symlink(real, dir, ec);
  if (ec) {
    return Status::InvalidArgument("cannot link " + dir.string() + " to " + real.string() + ": " +
                                   ec.message());
  }
  std::fprintf(stderr, "skyseed: user %s cannot reach %s, so the cluster lives in %s (linked)\n",
               as.name.c_str(), dir.string().c_str(), real.string().c_str());
  return real;
}

Result<EmbeddedCluster> StartEmbeddedCluster(const std::string& data_dir, const ClusterSettings& s,
                                             const std::string& dbname) {
  // PostgreSQL would silently cut a longer name when creating it.
  if (dbname.empty() || dbname.size() > 63) {
    return Status::InvalidArgument("--database needs a name of 1 to 63 bytes");
  }
  Result<fs::path> dir = ResolveDataDir(data_dir);
  if (!dir.ok()) return dir.status();
  Result<DirKind> kind = ClassifyDir(*dir);
  if (!kind.ok()) return kind.status();
  const bool fresh = *kind == DirKind::kMissing || *kind == DirKind::kEmpty;
  if (!fresh && *kind != DirKind::kOurs) {
    return Status::InvalidArgument(NotOursMessage(*dir, *kind));
  }
  SKYSEED_RETURN_IF_ERROR(CheckBinaries());
  Result<RunAs> as = ResolveRunAs(*dir, !fresh);
  if (!as.ok()) return as.status();
  if (*kind == DirKind::kMissing && as->switch_user) {
    dir = RelocateUnreachable(*dir, *as);
    if (!dir.ok()) return dir.status();
  }
  SKYSEED_RETURN_IF_ERROR(CheckReachable(*as, *dir));
  if (fresh) {
    SKYSEED_RETURN_IF_ERROR(PrepareDataDir(*dir, *kind, *as));
    // Directories just created under root's umask may still block the way.
    SKYSEED_RETURN_IF_ERROR(CheckReachable(*as, *dir));
    SKYSEED_RETURN_IF_ERROR(InitCluster(*dir, *as));
  }
  SKYSEED_RETURN_IF_ERROR(EnsureServerRunning(*dir, s, *as));
  SKYSEED_RETURN_IF_ERROR(EnsureDatabaseAndExtension(*dir, dbname));
  return EmbeddedCluster{dir->string(), EmbeddedConninfo(dir->string(), dbname)};
}

Status StopEmbeddedCluster(const std::string& data_dir) {
  Result<fs::path> dir = ResolveDataDir(data_dir);
  if (!dir.ok()) return dir.status();
  Result<DirKind> kind = ClassifyDir(*dir);
  if (!kind.ok()) return kind.status();
  if (*kind != DirKind::kOurs) return Status::NotFound(NotOursMessage(*dir, *kind));
  if (!LivePostmasterPid(*dir)) return Status::Ok();
  SKYSEED_RETURN_IF_ERROR(CheckBinaries());
  Result<RunAs> as = ResolveRunAs(*dir, true);
  if (!as.ok()) return as.status();
  Result<CommandOutput> out = RunCommand({PgBin("pg_ctl"), "-D", dir->string(), "-m", "fast", "-w",
                                          "-t", std::to_string(kStopTimeoutSeconds), "stop"},
                                         *as);
  if (!out.ok()) return out.status();
  if (out->exit_code != 0 && LivePostmasterPid(*dir)) {
    return Status::Database("could not stop PostgreSQL in " + dir->string() + ": " +
                            ErrorLineOf(out->output));
  }
  return Status::Ok();
}

Result<ClusterState> EmbeddedClusterState(const std::string& data_dir) {
  Result<fs::path> dir = ResolveDataDir(data_dir);
  if (!dir.ok()) return dir.status();
  Result<DirKind> kind = ClassifyDir(*dir);
  if (!kind.ok()) return kind.status();
  if (*kind != DirKind::kOurs) return Status::NotFound(NotOursMessage(*dir, *kind));
  ClusterState state;
  state.exists = true;
  const std::optional<int> pid = LivePostmasterPid(*dir);
  state.running = pid.has_value();
  state.pid = pid.value_or(0);
  state.conninfo = EmbeddedConninfo(dir->string(), kEmbeddedDatabase);
  return state;
}

std::string DescribeClusterState(const ClusterState& state) {
  if (!state.exists) return "absent";
  if (!state.running) return "stopped";
  return "running (pid " + std::to_string(state.pid) + ")";
}

}  // namespace skyseed
