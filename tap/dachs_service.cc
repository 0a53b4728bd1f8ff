#include "tap/dachs_service.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <pwd.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <thread>

#include "common/child_process.h"
#include "common/file_reads.h"
#include "common/file_writes.h"
#include "common/interrupt.h"
#include "schema/corpus_schema.h"
#include "schema/dachs_rd.h"
#include "tap/dachs_leftovers.h"
#include "tap/tap_load.h"

namespace fs = std::filesystem;

namespace skyseed {
namespace {

constexpr const char* const* kRoles = kDachsRoles;
constexpr const char* kDachsSchemas[] = {"dc", "tap_schema", "uws", "ivoa"};
constexpr const char* kFolder = kDachsFolder;
constexpr double kStartSeconds = 60;

bool OnPath(const std::string& program) {
  const char* path = std::getenv("PATH");
  std::string dirs = path != nullptr ? path : "/usr/bin:/bin";
  size_t start = 0;
  for (;;) {
    const size_t colon = dirs.find(':', start);
    const std::string dir = dirs.substr(start, colon == std::string::npos ? colon : colon - start);
    if (!dir.empty() && access((fs::path(dir) / program).c_str(), X_OK) == 0) return true;
    if (colon == std::string::npos) return false;
    start = colon + 1;
  }
}

// A loopback port the kernel has just handed out, so free unless another
// process takes it in the instant before DaCHS binds it.
Result<int> FreeLoopbackPort() {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return Status::IoError("socket: cannot pick a port for DaCHS");
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof a;
  const bool ok = bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0 &&
                  getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) == 0;
  close(fd);
  if (!ok) return Status::IoError("cannot pick a loopback port for DaCHS");
  return static_cast<int>(ntohs(a.sin_port));
}

// A conninfo value in single quotes, as libpq reads it.
std::string ConninfoValue(const std::string& value) {
  std::string out = "'";
  for (const char c : value) {
    if (c == '\'' || c == '\\') out += '\\';
    out += c;
  }
  return out + "'";
}

// Who skyseed's DaCHS serves as: when skyseed runs as root, the owner of
// the embedded cluster's data directory (postgres); otherwise "" (DaCHS
// keeps the user it was started as, who is not root).
std::string ServiceUser(const std::string& data_dir) {
  struct stat st;
  if (geteuid() != 0 || stat(data_dir.c_str(), &st) != 0 || st.st_uid == 0) return "";
  const passwd* pw = getpwuid(st.st_uid);
  return pw != nullptr ? pw->pw_name : "";
}

// The folder, and everything in it, owned by `user` ("" leaves it as is).
Status HandFolderTo(const std::string& root, const std::string& user) {
  if (user.empty()) return Status::Ok();
  const passwd* pw = getpwnam(user.c_str());
  if (pw == nullptr) return Status::InvalidArgument("no user " + user + " to run DaCHS as");
  std::error_code ec;
  if (lchown(root.c_str(), pw->pw_uid, pw->pw_gid) != 0) {
    return Status::IoError("cannot hand " + root + " to " + user);
  }
  for (fs::recursive_directory_iterator it(root, ec), end; !ec && it != end; it.increment(ec)) {
    if (lchown(it->path().c_str(), pw->pw_uid, pw->pw_gid) != 0) {
      return Status::IoError("cannot hand " + it->path().string() + " to " + user);
    }
  }
  if (ec) return Status::IoError("cannot hand " + root + " to " + user + ": " + ec.message());
  return Status::Ok();
}

std::string RandomPassword() {
  std::string text;
  FILE* f = std::fopen("/dev/urandom", "rb");
  unsigned char raw[16] = {};
  if (f != nullptr) {
    if (std::fread(raw, 1, sizeof raw, f) != sizeof raw) raw[0] ^= 1;
    std::fclose(f);
  }
  static const char* hex = "0123456789abcdef";
  for (unsigned char c : raw) {
    text.push_back(hex[c >> 4]);
    text.push_back(hex[c & 15]);
  }
  return text;
}

// gavo.rc: sections in order, each key once (a later setting replaces an
// earlier one: DaCHS's parser refuses a section given twice).
using RcSections =
    std::vector<std::pair<std::string, std::vector<std::pair<std::string, std::string>>>>;

void SetItem(RcSections* rc, const std::string& section, const std::string& key,
             const std::string& value) {
  for (auto& [name, items] : *rc) {
    if (name != section) continue;
    for (auto& [k, v] : items) {
      if (k == key) {
        v = value;
        return;
      }
    }
    items.emplace_back(key, value);
    return;
  }
  rc->push_back({section, {{key, value}}});
}

std::string RcText(const RcSections& rc) {
  std::string s = "# written by skyseed sweep for its own DaCHS; removed when the sweep ends\n";
  for (const auto& [section, items] : rc) {
    s += "[" + section + "]\n";
    for (const auto& [k, v] : items) s += k + ": " + v + "\n";
  }
  return s;
}

bool IsWord(const std::string& s) {
  if (s.empty()) return false;
  for (char c : s) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  }
  return true;
}

}  // namespace

Status CheckDachsInstalled() {
  if (OnPath("dachs")) return Status::Ok();
  return Status::InvalidArgument(
      "--target tap without --tap-url runs GAVO DaCHS, which is not installed: apt-get install "
      "gavodachs2-server python3-pyvo (scripts/install-tap-deps.sh), or give --tap-url");
}

Status CheckDachsSetting(const std::string& setting) {
  const size_t dot = setting.find('.');
  const size_t eq = setting.find('=');
  if (dot == std::string::npos || eq == std::string::npos || dot > eq ||
      !IsWord(setting.substr(0, dot)) || !IsWord(setting.substr(dot + 1, eq - dot - 1)) ||
      setting.find_first_of("\n\r") != std::string::npos) {
    // Line breaks shown, not printed: the error stays one line.
    std::string shown;
    for (const char c : setting) shown += c == '\n' ? "\\n" : c == '\r' ? "\\r" : std::string(1, c);
    return Status::InvalidArgument(
        "--dachs-setting '" + shown +
        "' is not SECTION.KEY=VALUE (e.g. async.defaultExecTimeSync=120)");
  }
  return Status::Ok();
}

Status CheckNoDachsIn(PgConnection& conn, bool ivoa_is_skyseeds) {
  // A schema owned by skyseed's own DaCHS role is a killed sweep's: Start
  // removes it. Anything else of DaCHS's belongs to someone else.
  for (const char* schema : kDachsSchemas) {
    if (ivoa_is_skyseeds && std::string(schema) == "ivoa") continue;
    PgResult r;
    SKYSEED_RETURN_IF_ERROR(conn.Query(
        "SELECT nspowner::regrole::text FROM pg_namespace WHERE nspname = $1", {schema}, &r));
    if (r.rows() > 0 && r.text(0, 0) != kRoles[0]) {
      return Status::InvalidArgument(
          std::string("the database already holds schema ") + schema + " (owned by " +
          r.text(0, 0) +
          ": another DaCHS?); skyseed runs its own DaCHS only on a database without one: "
          "measure that service with --tap-url instead");
    }
  }
  return Status::Ok();
}

DachsService::DachsService(const DachsOptions& options, PgConnection& conn)
    : options_(options), conn_(conn), root_((fs::path(options.data_dir) / kFolder).string()) {}

DachsService::~DachsService() {
  if (stopped_) return;
  const Status s = Stop();
  if (!s.ok()) std::fprintf(stderr, "skyseed: stopping DaCHS: %s\n", s.message().c_str());
}

Status DachsService::RunDachs(const std::vector<std::string>& args, const std::string& log_name,
                              const std::string& as_user) {
  std::vector<std::string> argv;
  // runuser sets the user's own groups and keeps the environment.
  if (!as_user.empty()) argv = {"runuser", "-u", as_user, "--"};
  argv.push_back("dachs");
  argv.insert(argv.end(), args.begin(), args.end());
  return RunTool(
             argv, (fs::path(root_) / "skyseed-logs" / (log_name + ".log")).string(),
             {"GAVOSETTINGS=" + (fs::path(root_) / "gavo.rc").string(),
              "GAVOCUSTOM=" + (fs::path(root_) / "no-gavorc").string(), "PYTHONWARNINGS=ignore"})
      .Annotate("dachs " + args.front());
}

Result<std::unique_ptr<DachsService>> DachsService::Start(const DachsOptions& options,
                                                          PgConnection& conn, Narrator& narrator) {
  SKYSEED_RETURN_IF_ERROR(CheckNoDachsIn(conn, false));
  // A killed sweep's DaCHS, on whichever database it served; then anything
  // of it left in this one (its roles and folder are skyseed's own).
  SKYSEED_ASSIGN_OR_RETURN(const std::string reaped, ReapOrphanedDachs(options.data_dir));
  if (!reaped.empty()) narrator.Say(reaped);
  std::unique_ptr<DachsService> s(new DachsService(options, conn));
  s->initialised_ = true;
  SKYSEED_RETURN_IF_ERROR(s->Stop());
  s->stopped_ = false;
  SKYSEED_RETURN_IF_ERROR(s->Configure(narrator));
  SKYSEED_RETURN_IF_ERROR(s->Serve());
  narrator.Say("DaCHS " + s->version_ + " serves the corpus at " + s->url_ + " (pid " +
               std::to_string(s->pid_) + ")");
  return s;
}

Status DachsService::Configure(Narrator& narrator) {
  std::error_code ec;
  fs::create_directories(fs::path(root_) / "skyseed-logs", ec);
  if (ec) return Status::IoError(root_ + ": " + ec.message());
  fs::permissions(root_, fs::perms::owner_all, ec);
  const std::string host = "host=" + ConninfoValue(options_.data_dir) + " port=5432 user=postgres";
  SKYSEED_RETURN_IF_ERROR(WriteDachsOwner(root_, host + " dbname=" + ConninfoValue(options_.dbname),
                                          host + " dbname=postgres"));
  SKYSEED_ASSIGN_OR_RETURN(port_, FreeLoopbackPort());
  url_ = "http://127.0.0.1:" + std::to_string(port_) + "/tap";
  const std::string server = "http://127.0.0.1:" + std::to_string(port_);
  RcSections rc;
  SetItem(&rc, "general", "rootDir", root_);
  SetItem(&rc, "general", "logLevel", "info");
  SetItem(&rc, "web", "bindAddress", "127.0.0.1");
  SetItem(&rc, "web", "serverPort", std::to_string(port_));
  SetItem(&rc, "web", "serverURL", server);
  // No setuid by DaCHS itself (it would keep root's groups): the server is
  // started as the cluster's owner instead (Serve).
  SetItem(&rc, "web", "user", "");
  SetItem(&rc, "web", "sitename", "skyseed sweep");
  SetItem(&rc, "db", "profilePath", (fs::path(root_) / "etc").string());
  SetItem(&rc, "ivoa", "authority", "x-skyseed-sweep");
  for (const std::string& setting : options_.settings) {
    const size_t dot = setting.find('.'), eq = setting.find('=');
    SetItem(&rc, setting.substr(0, dot), setting.substr(dot + 1, eq - dot - 1),
            setting.substr(eq + 1));
  }
  rc_text_ = RcText(rc);
  SKYSEED_RETURN_IF_ERROR(WriteFileAtomically(fs::path(root_) / "gavo.rc", rc_text_));
  // Profiles before `dachs init` (which keeps existing ones): DaCHS reaches
  // the embedded cluster over its socket, where trust authentication makes
  // the passwords moot; they are random all the same.
  const fs::path etc = fs::path(root_) / "etc";
  fs::create_directories(etc, ec);
  fs::create_directories(fs::path(root_) / "inputs" / kDachsResdir, ec);
  if (ec) return Status::IoError(etc.string() + ": " + ec.message());
  FileAccess secret;
  secret.create_mode = 0600;
  secret.exact_mode = 0600;
  SKYSEED_RETURN_IF_ERROR(WriteFileAtomically(
      etc / "dsn",
      "database = " + options_.dbname + "\nhost = " + options_.data_dir + "\nport = 5432\n",
      secret));
  const char* profiles[] = {"feed", "trustedquery", "untrustedquery"};
  for (int i = 0; i < 3; ++i) {
    SKYSEED_RETURN_IF_ERROR(WriteFileAtomically(
        etc / profiles[i],
        std::string("include dsn\nuser = ") + kRoles[i] + "\npassword = " + RandomPassword() + "\n",
        secret));
  }
  narrator.Say("DaCHS: private configuration in " + root_ + ", dachs init, import the corpus RD");
  initialised_ = true;
  SKYSEED_RETURN_IF_ERROR(RunDachs(
      {"init", "-d",
       "host=" + options_.data_dir + " port=5432 dbname=" + options_.dbname + " user=postgres"},
      "init"));
  SKYSEED_RETURN_IF_ERROR(conn_.Exec(GrantReadSql(kRoles[0], conn_.IdentQuoter(), false))
                              .Annotate("granting DaCHS's feed role read access"));
  SKYSEED_RETURN_IF_ERROR(
      WriteFileAtomically(fs::path(root_) / "inputs" / kDachsResdir / "q.rd",
                          DachsResourceDescriptor(options_.schema, "2026-01-01T00:00:00Z")));
  SKYSEED_RETURN_IF_ERROR(RunDachs({"imp", "//obscore"}, "imp-obscore"));
  SKYSEED_RETURN_IF_ERROR(RunDachs({"imp", "-m", std::string(kDachsResdir) + "/q"}, "imp-rd"));
  SKYSEED_RETURN_IF_ERROR(RunDachs({"imp", "//obscore", "create"}, "imp-obscore-create"));
  if (RunDachs({"--version"}, "version").ok()) {
    version_ = ReadWholeFileOrEmpty(fs::path(root_) / "skyseed-logs" / "version.log");
    while (!version_.empty() && std::isspace(static_cast<unsigned char>(version_.back()))) {
      version_.pop_back();
    }
  }
  return Status::Ok();
}

Status DachsService::Serve() {
  // Under root, the server runs as the cluster's owner (unprivileged, and
  // able to reach the folder), which it needs to own to write its logs and
  // state.
  const std::string user = ServiceUser(options_.data_dir);
  SKYSEED_RETURN_IF_ERROR(HandFolderTo(root_, user));
  SKYSEED_RETURN_IF_ERROR(RunDachs({"serve", "start"}, "serve-start", user));
  const auto deadline = std::chrono::steady_clock::now() +
                        std::chrono::milliseconds(static_cast<int>(kStartSeconds * 1000));
  while (std::chrono::steady_clock::now() < deadline) {
    Result<std::string> body = FetchUrl(url_ + "/availability", 5);
    if (body.ok() && body->find("available>true") != std::string::npos) {
      pid_ = std::atoi(ReadWholeFileOrEmpty(fs::path(root_) / "state" / "web.pid").c_str());
      if (pid_ > 0) return Status::Ok();
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
  return Status::Database("DaCHS did not become available at " + url_ + " within " +
                          std::to_string(static_cast<int>(kStartSeconds)) + " s; see " + root_ +
                          "/logs");
}

Status DachsService::Stop() {
  stopped_ = true;
  int pid = pid_;
  if (pid == 0)
    pid = std::atoi(ReadWholeFileOrEmpty(fs::path(root_) / "state" / "web.pid").c_str());
  // `dachs serve stop` when we may still run programs; after an interrupt
  // (which stops every child at once) the signal DaCHS's own stop sends.
  if (DachsAlive(pid) && !Interrupted()) (void)RunDachs({"serve", "stop"}, "serve-stop");
  StopDachsProcess(pid);
  pid_ = 0;
  // The folder goes whatever the database says: a later sweep finds what is
  // left in the database by the roles' names alone. After SIGINT or SIGTERM
  // too: DaCHS's roles and schemas must not outlive the sweep.
  const CleanupAfterInterrupt cleanup;
  const Status database = RemoveFromDatabase();
  std::error_code ec;
  fs::remove_all(root_, ec);
  if (!database.ok()) {
    return database.Annotate(
        "DaCHS's roles skyseed_dachs_* and their schemas are still in the database; the next "
        "skyseed sweep --target tap on it removes them");
  }
  if (ec) return Status::IoError("removing " + root_ + ": " + ec.message());
  return Status::Ok();
}

Status DachsService::RemoveFromDatabase() {
  if (!initialised_) return Status::Ok();
  SKYSEED_RETURN_IF_ERROR(RemoveDachsRoles(conn_));
  initialised_ = false;
  return Status::Ok();
}

nlohmann::json DachsService::Describe() const {
  return {{"server", "GAVO DaCHS " + version_},
          {"managed_by_skyseed", true},
          {"processes", 1},
          {"ceiling_cores", ceiling_cores()},
          {"gavo_rc", rc_text_},
          {"settings", options_.settings}};
}

}  // namespace skyseed
