#include "workload/child_connection.h"

#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <string_view>
#include <system_error>

#include "common/file_writes.h"
#include "loader/conninfo.h"
#include "loader/pg_connection.h"

namespace skyseed {

namespace fs = std::filesystem;

namespace {

// A passfile field: ':' and '\' are escaped with '\' (libpq's .pgpass rules).
std::string PassfileField(const std::string& value) {
  std::string out;
  for (char c : value) {
    if (c == ':' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

struct Split {
  std::string conninfo;
  std::string password;
  bool has_password = false;
};

Result<Split> SplitPassword(const std::string& conninfo) {
  SKYSEED_RETURN_IF_ERROR(CheckConninfo(conninfo));
  Result<std::vector<std::pair<std::string, std::string>>> fields = ConninfoFields(conninfo);
  if (!fields.ok()) return Status::InvalidArgument("--db: cannot be parsed");
  Split s;
  std::vector<std::pair<std::string, std::string>> kept;
  for (const auto& [keyword, value] : *fields) {
    if (keyword == "sslpassword" && !value.empty()) {
      return Status::InvalidArgument(
          "--db: sslpassword cannot be handed to psql and pgbench without putting it on their "
          "command line; use a key without a passphrase for the sweep");
    }
    if (keyword == "password") {
      s.password = value;
      s.has_password = true;
      continue;
    }
    kept.emplace_back(keyword, value);
  }
  s.conninfo = ConninfoOf(kept);
  return s;
}

constexpr std::string_view kDirPrefix = "skyseed-conn-";

std::string TempRoot() {
  const char* tmpdir = std::getenv("TMPDIR");
  return tmpdir && *tmpdir ? tmpdir : "/tmp";
}

// The folders a killed skyseed left (kill -9 runs no destructor): named for
// a process of this user that no longer exists.
void RemoveOrphanedDirs() {
  std::error_code ec;
  for (const fs::directory_entry& e : fs::directory_iterator(TempRoot(), ec)) {
    const std::string name = e.path().filename().string();
    if (name.rfind(kDirPrefix, 0) != 0) continue;
    struct stat st;
    if (lstat(e.path().c_str(), &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != geteuid()) {
      continue;
    }
    const long pid = std::strtol(name.c_str() + kDirPrefix.size(), nullptr, 10);
    if (pid <= 0 || (kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH)) {
      std::error_code ignored;
      fs::remove_all(e.path(), ignored);
    }
  }
}

// A folder only this user can enter (mkdtemp makes it 0700, under a new
// name, so nothing can have been planted in it), named for this process.
Result<std::string> PrivateDir() {
  RemoveOrphanedDirs();
  std::string dir =
      TempRoot() + "/" + std::string(kDirPrefix) + std::to_string(getpid()) + "-XXXXXX";
  if (mkdtemp(dir.data()) == nullptr) {
    return Status::IoError("cannot create a private folder for the connection's password in " +
                           fs::path(dir).parent_path().string());
  }
  return dir;
}

}  // namespace

Result<std::string> WithoutPassword(const std::string& conninfo) {
  if (conninfo.empty()) return conninfo;
  SKYSEED_ASSIGN_OR_RETURN(Split s, SplitPassword(conninfo));
  return s.conninfo;
}

Result<std::unique_ptr<ChildConnection>> ChildConnection::Prepare(const std::string& conninfo) {
  std::unique_ptr<ChildConnection> c(new ChildConnection);
  if (conninfo.empty()) return c;  // the PG* variables, which the child inherits
  SKYSEED_ASSIGN_OR_RETURN(Split s, SplitPassword(conninfo));
  c->conninfo_ = s.conninfo;
  if (!s.has_password) return c;
  if (s.password.find_first_of("\r\n") != std::string::npos) {
    return Status::InvalidArgument(
        "the password holds a line break, which a passfile cannot give psql and pgbench");
  }
  SKYSEED_ASSIGN_OR_RETURN(c->private_dir_, PrivateDir());
  const fs::path passfile = fs::path(c->private_dir_) / "pgpass";
  FileAccess access;
  access.create_mode = access.exact_mode.emplace(0600);  // libpq ignores a looser passfile
  // Any host, port, database and user: the file serves this one connection.
  SKYSEED_RETURN_IF_ERROR(
      WriteFileAtomically(passfile, "*:*:*:*:" + PassfileField(s.password) + "\n", access));
  c->environment_.push_back("PGPASSFILE=" + passfile.string());
  return c;
}

ChildConnection::~ChildConnection() {
  if (private_dir_.empty()) return;
  std::error_code ec;
  fs::remove_all(private_dir_, ec);
}

}  // namespace skyseed
