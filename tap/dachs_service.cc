#include "tap/dachs_service.h"

#include <unistd.h>

#include <algorithm>
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
#include "common/number_text.h"
#include "schema/corpus_schema.h"
#include "schema/dachs_rd.h"
#include "tap/dachs_leftovers.h"
#include "tap/service_daemons.h"
#include "tap/service_host.h"
#include "tap/tap_load.h"

namespace fs = std::filesystem;

namespace skyseed {
namespace {

constexpr const char* const* kRoles = kDachsRoles;
constexpr const char* kDachsSchemas[] = {"dc", "tap_schema", "uws", "ivoa"};
constexpr const char* kFolder = kDachsFolder;
constexpr double kStartSeconds = 60;

std::string FormatCpus(double cpus) { return FormatNumber("%g", cpus); }

// Until the TAP service at `url` says it is available.
Status AwaitAvailable(const std::string& url) {
  const auto deadline = std::chrono::steady_clock::now() +
                        std::chrono::milliseconds(static_cast<int>(kStartSeconds * 1000));
  while (std::chrono::steady_clock::now() < deadline) {
    Result<std::string> body = FetchUrl(url + "/availability", 5);
    if (body.ok() && body->find("available>true") != std::string::npos) return Status::Ok();
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
  return Status::Database("DaCHS did not become available at " + url + " within " +
                          std::to_string(static_cast<int>(kStartSeconds)) + " s");
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

std::string RcFileText(const RcSections& rc) {
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

Status CheckServingTools(int instances, double cpus, PoolerKind pooler) {
  if (instances > 1 && !OnPath("haproxy")) {
    return Status::InvalidArgument(
        "--tap-instances serves DaCHS behind haproxy, which is not installed: apt-get install "
        "haproxy (scripts/install-tap-deps.sh)");
  }
  if (pooler != PoolerKind::kNone && !OnPath(PoolerProgram(pooler))) {
    return Status::InvalidArgument(std::string("--tap-pooler ") + PoolerName(pooler) + ": " +
                                   PoolerProgram(pooler) + " is not installed: apt-get install " +
                                   (pooler == PoolerKind::kPgpool ? "pgpool2" : "pgbouncer") +
                                   " (scripts/install-tap-deps.sh)");
  }
  return cpus > 0 ? CheckCpuLimitAvailable() : Status::Ok();
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

std::string DachsService::RcPath(size_t i) const {
  return (fs::path(root_) / (i == 0 ? std::string("gavo.rc") : "gavo-" + std::to_string(i) + ".rc"))
      .string();
}

Status DachsService::RunDachs(const std::vector<std::string>& args, const std::string& log_name,
                              const std::string& as_user, size_t instance) {
  std::vector<std::string> argv = {"dachs"};
  argv.insert(argv.end(), args.begin(), args.end());
  return RunTool(
             AsUser(as_user, argv),
             (fs::path(root_) / "skyseed-logs" / (log_name + ".log")).string(),
             {"GAVOSETTINGS=" + RcPath(instance),
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
  std::string how = "pid";
  for (const int pid : s->pids_) how += " " + std::to_string(pid);
  if (options.instances > 1)
    how = std::to_string(options.instances) + " processes behind haproxy, " + how;
  if (options.cpus > 0) how += "; each limited to " + FormatCpus(options.cpus) + " CPUs";
  if (options.pooler != PoolerKind::kNone)
    how += std::string("; through ") + PoolerName(options.pooler);
  narrator.Say("DaCHS " + s->version_ + " serves the corpus at " + s->url_ + " (" + how + ")");
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
  for (int i = 0; i < std::max(1, options_.instances); ++i) {
    SKYSEED_ASSIGN_OR_RETURN(const int port, FreeLoopbackPort());
    ports_.push_back(port);
  }
  front_port_ = ports_[0];
  if (ports_.size() > 1) {
    SKYSEED_ASSIGN_OR_RETURN(front_port_, FreeLoopbackPort());
  }
  front_ = "http://127.0.0.1:" + std::to_string(front_port_);
  url_ = front_ + "/tap";
  for (size_t i = 0; i < ports_.size(); ++i) {
    SKYSEED_RETURN_IF_ERROR(WriteFileAtomically(RcPath(i), RcText(i)));
  }
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

std::string DachsService::InstanceFolder(const char* name, size_t i) const {
  return (fs::path(root_) / (i == 0 ? std::string(name) : name + ("-" + std::to_string(i))))
      .string();
}

std::string DachsService::RcText(size_t i) const {
  RcSections rc;
  SetItem(&rc, "general", "rootDir", root_);
  SetItem(&rc, "general", "logLevel", "info");
  // Each process its own pid file and logs; the imported resources shared.
  SetItem(&rc, "general", "stateDir", InstanceFolder("state", i));
  SetItem(&rc, "general", "logDir", InstanceFolder("logs", i));
  SetItem(&rc, "web", "bindAddress", "127.0.0.1");
  SetItem(&rc, "web", "serverPort", std::to_string(ports_[i]));
  // The URL clients see, in every process's self-links: haproxy's front.
  SetItem(&rc, "web", "serverURL", front_);
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
  return RcFileText(rc);
}

Status DachsService::Serve() {
  // Under root, the servers run as the cluster's owner (unprivileged, and
  // able to reach the folder), which it needs to own to write its logs and
  // state.
  const std::string user = ServiceUser(options_.data_dir);
  std::error_code ec;
  for (size_t i = 0; i < ports_.size(); ++i) {
    for (const char* folder : {"state", "logs"})
      fs::create_directories(InstanceFolder(folder, i), ec);
  }
  // DaCHS makes its jobs' folder at the first query and hands it to the
  // group "gavo", which the unprivileged server may not do: that request
  // failed. Made here, it is the server's own.
  fs::create_directories(fs::path(root_) / "state" / "uwsjobs", ec);
  if (ec) return Status::IoError(root_ + "/state/uwsjobs: " + ec.message());
  const std::string pooler_folder = (fs::path(root_) / kPoolerFolder).string();
  if (options_.pooler != PoolerKind::kNone) {
    // DaCHS's profiles reach PostgreSQL through the pooler from now on.
    FileAccess secret;
    secret.create_mode = 0600;
    secret.exact_mode = 0600;
    SKYSEED_RETURN_IF_ERROR(WriteFileAtomically(
        fs::path(root_) / "etc" / "dsn",
        "database = " + options_.dbname + "\nhost = " + pooler_folder + "\nport = 5432\n", secret));
  }
  SKYSEED_RETURN_IF_ERROR(HandFolderTo(root_, user));
  if (options_.pooler != PoolerKind::kNone) {
    SKYSEED_ASSIGN_OR_RETURN(pooler_pid_, StartPooler({options_.pooler,
                                                       pooler_folder,
                                                       options_.data_dir,
                                                       {kRoles[0], kRoles[1], kRoles[2]},
                                                       user}));
  }
  for (size_t i = 0; i < ports_.size(); ++i) SKYSEED_RETURN_IF_ERROR(ServeInstance(i, user));
  if (ports_.size() > 1) {
    BalancerSetup b{(fs::path(root_) / kBalancerFolder).string(), front_port_, ports_,
                    options_.timeout_s, user};
    SKYSEED_ASSIGN_OR_RETURN(balancer_pid_, StartBalancer(b));
    SKYSEED_RETURN_IF_ERROR(AwaitAvailable(url_));
  }
  return Status::Ok();
}

Status DachsService::ServeInstance(size_t i, const std::string& user) {
  SKYSEED_RETURN_IF_ERROR(
      RunDachs({"serve", "start"}, "serve-start-" + std::to_string(i), user, i));
  SKYSEED_RETURN_IF_ERROR(AwaitAvailable("http://127.0.0.1:" + std::to_string(ports_[i]) + "/tap"));
  const int pid = RunningPid((fs::path(InstanceFolder("state", i)) / "web.pid").string(), "dachs");
  if (pid == 0) return Status::Database("DaCHS process " + std::to_string(i) + " wrote no pid");
  pids_.push_back(pid);
  if (options_.cpus <= 0) return Status::Ok();
  SKYSEED_ASSIGN_OR_RETURN(
      std::unique_ptr<CpuLimitGroup> limit,
      CpuLimitGroup::Create(
          std::string(kTapCpuGroupPrefix) + std::to_string(getpid()) + "-" + std::to_string(i),
          options_.cpus));
  SKYSEED_RETURN_IF_ERROR(limit->Add(pid));
  limits_.push_back(std::move(limit));
  return Status::Ok();
}

Status DachsService::Stop() {
  stopped_ = true;
  StopProcess(balancer_pid_, "haproxy");
  for (size_t i = 0; i < std::max<size_t>(1, ports_.size()); ++i) {
    const int pid =
        i < pids_.size()
            ? pids_[i]
            : RunningPid((fs::path(InstanceFolder("state", i)) / "web.pid").string(), "dachs");
    // `dachs serve stop` when we may still run programs; after an interrupt
    // (which stops every child at once) the signal DaCHS's own stop sends.
    if (DachsAlive(pid) && !Interrupted() && i < ports_.size()) {
      (void)RunDachs({"serve", "stop"}, "serve-stop-" + std::to_string(i), "", i);
    }
    StopDachsProcess(pid);
  }
  StopProcess(pooler_pid_, PoolerProgram(options_.pooler));
  pids_.clear();
  balancer_pid_ = pooler_pid_ = 0;
  limits_.clear();  // the groups go once their processes have
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

std::vector<int> DachsService::helper_pids() const {
  std::vector<int> pids;
  for (const int pid : {pooler_pid_, balancer_pid_}) {
    if (pid > 0) pids.push_back(pid);
  }
  return pids;
}

double DachsService::ceiling_cores() const {
  const double per_process = options_.cpus > 0 ? std::min(1.0, options_.cpus) : 1.0;
  return std::max(1, options_.instances) * per_process;
}

Result<std::optional<CpuThrottling>> DachsService::ReadThrottling() const {
  if (limits_.empty()) return std::optional<CpuThrottling>();
  CpuThrottling sum;
  for (const auto& limit : limits_) {
    SKYSEED_ASSIGN_OR_RETURN(const CpuThrottling t, limit->Read());
    sum.periods += t.periods;
    sum.throttled_periods += t.throttled_periods;
    sum.throttled_s += t.throttled_s;
  }
  return std::optional<CpuThrottling>(sum);
}

nlohmann::json DachsService::Describe() const {
  nlohmann::json limits = nlohmann::json::array();
  for (const auto& limit : limits_) limits.push_back(limit->Describe());
  return {{"server", "GAVO DaCHS " + version_},
          {"managed_by_skyseed", true},
          {"processes", std::max(1, options_.instances)},
          {"balancer", ports_.size() > 1 ? "haproxy, round robin per request" : "none"},
          {"cpus_per_process", options_.cpus},
          {"cpu_limits", limits},
          {"pooler", PoolerName(options_.pooler)},
          {"ceiling_cores", ceiling_cores()},
          {"gavo_rc", RcText(0)},
          {"settings", options_.settings}};
}

}  // namespace skyseed
