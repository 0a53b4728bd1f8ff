#include "tap/dachs_service.h"

#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <thread>

#include "common/file_identity.h"
#include "common/file_reads.h"
#include "common/file_writes.h"
#include "common/interrupt.h"
#include "common/number_text.h"
#include "schema/corpus_schema.h"
#include "schema/dachs_rd.h"
#include "tap/dachs_leftovers.h"
#include "tap/dachs_profiles.h"
#include "tap/service_daemons.h"
#include "tap/service_host.h"
#include "tap/tap_load.h"

namespace fs = std::filesystem;

namespace skyseed {
namespace {

constexpr const char* const* kRoles = kDachsRoles;
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

}  // namespace

DachsService::DachsService(const DachsOptions& options, PgConnection& conn)
    : options_(options),
      conn_(conn),
      root_((fs::path(options.data_dir) / kFolder).string()),
      user_(ServiceUser(options.data_dir)),
      uid_(ServiceUid(user_)) {}

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
                              size_t instance) {
  return RunDachsProgram(
             options_.program, user_, options_.data_dir, args,
             {"GAVOSETTINGS=" + RcPath(instance),
              "GAVOCUSTOM=" + (fs::path(root_) / "no-gavorc").string(), "PYTHONWARNINGS=ignore"},
             (fs::path(root_) / "skyseed-logs" / (log_name + ".log")).string())
      .Annotate("dachs " + args.front());
}

Result<std::unique_ptr<DachsService>> DachsService::Start(const DachsOptions& options,
                                                          PgConnection& conn, Narrator& narrator) {
  if (options.record == nullptr)
    return Status::InvalidArgument("skyseed runs DaCHS only on its embedded cluster");
  SKYSEED_RETURN_IF_ERROR(CheckNoDachsIn(conn, false));
  std::unique_ptr<DachsService> s(new DachsService(options, conn));
  // A killed sweep's DaCHS, on whichever database it served (the sweep
  // holds the record now, so its writer is gone); then anything of it left
  // in this one (its roles are skyseed's own names).
  SKYSEED_ASSIGN_OR_RETURN(
      const std::string reaped,
      ReapRecorded(*options.record, options.data_dir, s->user_,
                   [&](const std::string& db) { return EmbeddedConninfo(options.data_dir, db); }));
  if (!reaped.empty()) narrator.Say(reaped);
  SKYSEED_RETURN_IF_ERROR(RemoveDachsRoles(conn));
  SKYSEED_RETURN_IF_ERROR(PrepareDachsRoot(options.program, options.data_dir));
  SKYSEED_RETURN_IF_ERROR(s->Configure(narrator));
  SKYSEED_RETURN_IF_ERROR(s->Serve());
  std::string how = "pid";
  for (const int pid : s->pids()) how += " " + std::to_string(pid);
  if (options.instances > 1)
    how = std::to_string(options.instances) + " processes behind haproxy, " + how;
  if (options.cpus > 0) how += "; each limited to " + FormatCpus(options.cpus) + " CPUs";
  if (options.pooler != PoolerKind::kNone)
    how += std::string("; through ") + PoolerName(options.pooler);
  narrator.Say("DaCHS " + s->version_ + ", " + options.program.Describe() +
               ", serves the corpus at " + s->url_ + " (" + how + ")");
  return s;
}

Status DachsService::Configure(Narrator& narrator) {
  // Everything in the folder as the cluster's owner, who owns it: nothing
  // of root's is written, read or handed over through a link planted there.
  SKYSEED_ASSIGN_OR_RETURN(const std::unique_ptr<FileIdentity> as, FileIdentity::Become(user_));
  std::error_code ec;
  fs::remove_all(root_, ec);  // a folder left without a record (nothing of it runs)
  if (mkdir(root_.c_str(), 0700) != 0) return Status::IoError(root_ + ": " + std::strerror(errno));
  fs::create_directories(fs::path(root_) / "skyseed-logs", ec);
  if (ec) return Status::IoError(root_ + ": " + ec.message());
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
  const fs::path etc = fs::path(root_) / "etc";
  fs::create_directories(etc, ec);
  fs::create_directories(fs::path(root_) / "inputs" / kDachsResdir, ec);
  if (ec) return Status::IoError(etc.string() + ": " + ec.message());
  SKYSEED_RETURN_IF_ERROR(WriteDachsProfiles(etc, options_.server));
  narrator.Say("DaCHS: private configuration in " + root_ + ", dachs init, import the corpus RD");
  initialised_ = true;
  SKYSEED_RETURN_IF_ERROR(Record());  // the roles are about to exist
  SKYSEED_RETURN_IF_ERROR(RunDachs({"init", "-d", options_.server.conninfo}, "init"));
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
  // The folders DaCHS shares between its users go to this group: the
  // cluster owner's own, which it may hand them to (it runs everything).
  SetItem(&rc, "general", "group", ServiceGroup(user_));
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
  {
    // The servers run as the cluster's owner (unprivileged, and able to
    // reach the folder), their folders and files made as that user.
    SKYSEED_ASSIGN_OR_RETURN(const std::unique_ptr<FileIdentity> as, FileIdentity::Become(user_));
    SKYSEED_RETURN_IF_ERROR(StartServers());
  }
  // The CPU limits as ourselves (root): cgroups are not that user's to make.
  for (size_t i = 0; i < dachs_.size() && options_.cpus > 0; ++i) {
    SKYSEED_RETURN_IF_ERROR(LimitInstance(i));
  }
  if (ports_.size() > 1) SKYSEED_RETURN_IF_ERROR(AwaitAvailable(url_));
  return Status::Ok();
}

Status DachsService::StartServers() {
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
    // DaCHS's profiles reach PostgreSQL through the pooler from now on: its
    // socket folder, on the server's port (StartPooler).
    SKYSEED_RETURN_IF_ERROR(WriteDsnProfile(fs::path(root_) / "etc", options_.server.dbname,
                                            pooler_folder, options_.server.port));
    SKYSEED_ASSIGN_OR_RETURN(pooler_, StartPooler({options_.pooler,
                                                   pooler_folder,
                                                   options_.server,
                                                   {kRoles[0], kRoles[1], kRoles[2]},
                                                   user_}));
    SKYSEED_RETURN_IF_ERROR(Record());
  }
  for (size_t i = 0; i < ports_.size(); ++i) SKYSEED_RETURN_IF_ERROR(ServeInstance(i));
  if (ports_.size() == 1) return Status::Ok();
  BalancerSetup b{(fs::path(root_) / kBalancerFolder).string(), front_port_, ports_,
                  options_.timeout_s, user_};
  SKYSEED_ASSIGN_OR_RETURN(balancer_, StartBalancer(b));
  return Record();
}

Status DachsService::ServeInstance(size_t i) {
  const uint64_t not_before = BootTicksNow();
  SKYSEED_RETURN_IF_ERROR(RunDachs({"serve", "start"}, "serve-start-" + std::to_string(i), i));
  // web.pid is DaCHS's, written as the cluster's owner: believed only for a
  // process of that user's that started after `dachs serve start` did.
  SKYSEED_ASSIGN_OR_RETURN(
      ProcessProof proof,
      AwaitProvenPid((fs::path(InstanceFolder("state", i)) / "web.pid").string(), uid_, not_before,
                     "DaCHS process " + std::to_string(i),
                     (fs::path(root_) / "skyseed-logs").string()));
  dachs_.push_back(proof);
  SKYSEED_RETURN_IF_ERROR(Record());
  return AwaitAvailable("http://127.0.0.1:" + std::to_string(ports_[i]) + "/tap");
}

Status DachsService::LimitInstance(size_t i) {
  const std::string group =
      std::string(kTapCpuGroupPrefix) + std::to_string(getpid()) + "-" + std::to_string(i);
  cgroups_.push_back(group);  // recorded before it exists: a kill -9 in between leaves no group
  SKYSEED_RETURN_IF_ERROR(Record());
  SKYSEED_ASSIGN_OR_RETURN(std::unique_ptr<CpuLimitGroup> limit,
                           CpuLimitGroup::Create(group, options_.cpus));
  SKYSEED_RETURN_IF_ERROR(limit->Add(dachs_[i].pid));
  limits_.push_back(std::move(limit));
  // From now on it is only that process while it is in its group.
  dachs_[i].cgroup = group;
  if (!StillRuns(dachs_[i])) {
    return Status::Database("DaCHS process " + std::to_string(i) + " ended as it was limited");
  }
  return Record();
}

Status DachsService::Record() {
  ServicesRecord r;
  if (initialised_) r.database = options_.server.dbname;
  for (const ProcessProof& p : dachs_) r.processes.emplace_back("dachs", p);
  if (pooler_.pid > 0) r.processes.emplace_back(PoolerProgram(options_.pooler), pooler_);
  if (balancer_.pid > 0) r.processes.emplace_back("haproxy", balancer_);
  r.cgroups = cgroups_;
  return options_.record->Write(r.Text());
}

Status DachsService::Stop() {
  stopped_ = true;
  {
    SKYSEED_ASSIGN_OR_RETURN(const std::unique_ptr<FileIdentity> as, FileIdentity::Become(user_));
    StopProven(balancer_, SIGTERM);
    for (size_t i = 0; i < dachs_.size(); ++i) {
      // `dachs serve stop`, as the cluster's owner, when we may still run
      // programs; after an interrupt (which stops every child at once) the
      // signal DaCHS's own stop sends, to the process proven ours.
      if (StillRuns(dachs_[i]) && !Interrupted()) {
        (void)RunDachs({"serve", "stop"}, "serve-stop-" + std::to_string(i), i);
      }
      StopProven(dachs_[i], SIGTERM);
    }
    StopProven(pooler_, StopSignal(PoolerProgram(options_.pooler)));
  }
  dachs_.clear();
  balancer_ = pooler_ = ProcessProof{};
  // Anything still in the groups (a child the servers started) goes with them.
  Status groups = Status::Ok();
  for (const std::string& group : cgroups_) {
    const Status removed = EmptyAndRemoveCpuGroup(group);
    if (groups.ok()) groups = removed;
  }
  limits_.clear();
  cgroups_.clear();
  // The folder goes whatever the database says: a later sweep finds what is
  // left in the database by the roles' names alone. After SIGINT or SIGTERM
  // too: DaCHS's roles and schemas must not outlive the sweep.
  const CleanupAfterInterrupt cleanup;
  const Status database = RemoveFromDatabase();
  std::error_code ec;
  {
    SKYSEED_ASSIGN_OR_RETURN(const std::unique_ptr<FileIdentity> as, FileIdentity::Become(user_));
    fs::remove_all(root_, ec);
  }
  if (!database.ok()) {
    return database.Annotate(
        "DaCHS's roles skyseed_dachs_* and their schemas are still in the database; the next "
        "skyseed sweep --target tap on it removes them");
  }
  SKYSEED_RETURN_IF_ERROR(Record());  // nothing runs, nothing is left
  if (ec) return Status::IoError("removing " + root_ + ": " + ec.message());
  return groups;
}

Status DachsService::RemoveFromDatabase() {
  if (!initialised_) return Status::Ok();
  SKYSEED_RETURN_IF_ERROR(RemoveDachsRoles(conn_));
  initialised_ = false;
  return Status::Ok();
}

std::vector<int> DachsService::pids() const {
  std::vector<int> pids;
  for (const ProcessProof& p : dachs_) pids.push_back(p.pid);
  return pids;
}

std::vector<int> DachsService::helper_pids() const {
  std::vector<int> pids;
  for (const ProcessProof& p : {pooler_, balancer_}) {
    if (p.pid > 0) pids.push_back(p.pid);
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
          {"dachs_from", options_.program.Describe()},
          {"dachs_package", DachsPackageVersion(options_.program)},
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
