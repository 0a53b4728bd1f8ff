// The PostgreSQL server programs on a data directory: initdb, pg_ctl start
// and stop, and whether its postmaster is alive. They come from the
// cluster's stack (cluster/pg_stack.h): the host's, or a root's.
#pragma once

#include <filesystem>
#include <optional>

#include "cluster/pg_stack.h"
#include "cluster/run_as.h"
#include "common/status.h"

namespace skyseed {

// initdb as `as`: user "postgres", trust authentication, UTF8, C locale.
Status RunInitdb(const std::filesystem::path& dir, const RunAs& as, const PgStack& stack);

// The pid in postmaster.pid if that process is alive and is a postmaster of
// `dir`.
std::optional<int> LivePostmasterPid(const std::filesystem::path& dir);

// Starts the server of `dir` as `as` and waits until it accepts connections
// (crash recovery included); its log goes to <dir>/server.log. Call only when
// LivePostmasterPid finds none: it first removes a dead postmaster's lock
// files.
Status StartServer(const std::filesystem::path& dir, const RunAs& as, const PgStack& stack);

// Fast shutdown, waiting until the server is gone; OK if it is not running.
Status StopServer(const std::filesystem::path& dir, const RunAs& as, const PgStack& stack);

// The size of <dir>/server.log now (0 if absent): where a run's part starts.
uintmax_t ServerLogSize(const std::filesystem::path& dir);
// The log's last line past `offset` saying a write found no space left on
// the device (a PANIC writing pg_wal, an ERROR extending a table), without
// its prefix; "" when there is none.
std::string FullDiskLineInLog(const std::filesystem::path& dir, uintmax_t offset);
// `why` naming a full disk where it says "No space left on device".
std::string NamingFullDisk(const std::string& why);

}  // namespace skyseed
