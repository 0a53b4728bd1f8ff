#include "sweep/tap_target.h"

#include <cstdio>
#include <filesystem>
#include <memory>

#include "capacity/capacity.h"
#include "cluster/cluster_settings.h"
#include "common/file_writes.h"
#include "common/service_url.h"
#include "profile/profiled_window.h"
#include "schema/corpus_schema.h"
#include "sweep/connection_probe.h"
#include "sweep/cpu_attribution.h"
#include "sweep/tap_window_run.h"
#include "sweep/tier_measure.h"
#include "sweep_record/sweep_kind_words.h"
#include "sweep_record/sweep_store.h"
#include "tap/dachs_service.h"
#include "tap/service_host.h"
#include "workload/tap_classes.h"
#include "workload/working_set.h"

namespace fs = std::filesystem;

namespace skyseed {

using json = nlohmann::json;

namespace {

// The unsampled windows' mean throughput at `clients`: the valid ones, or
// every one when a busy host flagged them all; -1 when none ran there.
double UnprofiledRate(const TierSweep& t, int clients) {
  const auto steps = WindowsByClients(t);
  const auto step = steps.find(clients);
  if (step == steps.end() || step->second.empty()) return -1;
  const MeanInterval valid = ValidInterval(step->second, WindowTps);
  if (valid.n > 0) return valid.mean;
  double sum = 0;
  for (const SweepWindow& w : step->second) sum += w.tps;
  return sum / static_cast<double>(step->second.size());
}

// --profile-service: after the tier's windows, one more at its client
// count with skyseed's DaCHS (its proven pids) sampled, into the record.
Status ProfileTier(TapWindowSetting& s, PgConnection& c, const fs::path& tap_dir, TierSweep* t) {
  const int seconds = s.options.tap_duration_s();
  const ProfileRequest q{t->tier,
                         s.options.profile_clients,
                         static_cast<double>(seconds),
                         UnprofiledRate(*t, s.options.profile_clients),
                         s.service_pids,
                         (tap_dir / "service-profile").string()};
  const auto window = [&](const std::string& dir) -> Result<double> {
    s.window_dir = dir;
    SKYSEED_ASSIGN_OR_RETURN(SweepWindow w, RunTapWindow(s, c, q.clients, 0, seconds));
    return w.tps;
  };
  SKYSEED_ASSIGN_OR_RETURN(ServiceProfileRecord r,
                           ProfileServiceWindow(q, window, *s.options.narrator));
  t->service_profile = ProfileToJson(r);
  return Status::Ok();
}

}  // namespace

TapTarget::~TapTarget() = default;

json TapTarget::Describe(const json& common_setup) const {
  json j = DescribeTapSetup(o_, common_setup);
  if (!service_.is_null()) j["service"] = service_;
  return j;
}

Result<std::vector<SweepWindow>> TapTarget::PrepareTier(const SweepTier& tier, TierSweep* t) {
  tap_dir_ = (fs::path(tier.dir) / "tap").string();
  const fs::path query_dir = fs::path(tap_dir_) / "queries";
  std::error_code ec;
  fs::create_directories(query_dir, ec);
  if (ec) return Status::IoError(query_dir.string() + ": " + ec.message());
  for (const TapMixClass& m : o_.tap_mix) {
    SKYSEED_RETURN_IF_ERROR(
        WriteFileAtomically(query_dir / TapQueryFileName(*m.query_class),
                            TapQueryFile(*m.query_class, *tier.spec, o_.workload, o_.tap.tables)));
  }
  const std::string key = key_.Text();
  SKYSEED_ASSIGN_OR_RETURN(std::vector<SweepWindow> done,
                           ReadSweepWindows(conn_, key, t->tier, t->corpus_digest));
  // A --tap-url service as its options describe it; skyseed's DaCHS fills
  // in its own in StartDachs.
  std::vector<int> url_service_pids;
  if (o_.tap.pid > 0) url_service_pids = {o_.tap.pid};
  setting_.reset(new TapWindowSetting{o_,
                                      t->tier,
                                      query_dir.string(),
                                      "",
                                      o_.tap.url,
                                      o_.tap.userinfo,
                                      url_service_pids,
                                      {},
                                      o_.tap.ceiling_cores,
                                      -1,
                                      {},
                                      tier.caps,
                                      tier.machine,
                                      {}});
  SKYSEED_ASSIGN_OR_RETURN(t->service_profile,
                           ReadTierProfile(conn_, key, t->tier, t->corpus_digest));
  // Asked for, and no profile recorded at that client count.
  const json& recorded = t->service_profile;
  to_profile_ = tier.held && o_.profile_clients > 0 &&
                !(recorded.is_object() && recorded.contains("cpu") &&
                  recorded.value("clients", 0) == o_.profile_clients);
  // skyseed's DaCHS only when a window is still to be measured (a rerun of
  // a finished or saturated tier needs no service).
  const bool to_measure = tier.held && (WindowsLeftToMeasure(o_, done) || to_profile_);
  if (setting_->url.empty() && to_measure) SKYSEED_RETURN_IF_ERROR(StartDachs());
  if (to_measure) SKYSEED_RETURN_IF_ERROR(ProbeConnection(tier));
  const WindowRunner run = [this](const std::string& dir, int clients, int rep, int seconds) {
    setting_->window_dir = dir;
    return RunTapWindow(*setting_, conn_, clients, rep, seconds);
  };
  // Only skyseed's DaCHS is known to serve the corpus tables of this
  // database; a --tap-url service's working set is its own.
  std::vector<std::string> classes;
  for (const TapMixClass& m : o_.tap_mix) {
    if (m.weight > 0 && o_.tap.url.empty()) classes.push_back(m.query_class->name);
  }
  bench_ =
      std::make_unique<PgSweepBench>(run, WorkingSetPrimer(conn_, classes, *tier.spec, o_.workload),
                                     tap_dir_, conn_, key, t->corpus_digest);
  return done;
}

Status TapTarget::StartDachs() {
  const TapServiceOptions& tap = o_.tap;
  // The server DaCHS reaches, typed once (cluster/): its socket, port, conninfo.
  DachsOptions d{tap.data_dir,  EmbeddedEndpointOf(tap.data_dir, tap.dbname),
                 kCorpusSchema, tap.dachs_settings,
                 tap.instances, tap.cpus,
                 tap.pooler,    tap.timeout_s,
                 tap.record,    tap.dachs};
  SKYSEED_ASSIGN_OR_RETURN(dachs_, DachsService::Start(d, conn_, *o_.narrator));
  setting_->url = dachs_->url();
  setting_->service_pids = dachs_->pids();
  setting_->proxy_pids = dachs_->helper_pids();
  setting_->service_ceiling = dachs_->ceiling_cores();
  setting_->throttling = [this] { return dachs_->ReadThrottling(); };
  service_ = dachs_->Describe();
  SKYSEED_ASSIGN_OR_RETURN(setting_->load_user, LookUpUserIds(ServiceUser(tap.data_dir)));
  return Status::Ok();
}

// What a connection costs the server here, to price the service's churn.
Status TapTarget::ProbeConnection(const SweepTier& tier) {
  const int postmaster = LocalPostmasterPid(conn_.backend_pid());
  if (postmaster <= 0) return Status::Ok();
  SKYSEED_ASSIGN_OR_RETURN(setting_->connection_ms, ProbeConnectionCpuMs(o_.conninfo, postmaster));
  char text[96];
  std::snprintf(text, sizeof text, ": a connect and disconnect costs PostgreSQL %.2f ms of CPU",
                setting_->connection_ms);
  o_.narrator->Say(tier.spec->name + text);
  return Status::Ok();
}

Status TapTarget::FinishTier(TierSweep* t) {
  if (!to_profile_ || !dachs_) return Status::Ok();
  return ProfileTier(*setting_, conn_, tap_dir_, t);
}

Status TapTarget::Stop() {
  bench_.reset();
  if (!dachs_) return Status::Ok();
  const Status stopped = dachs_->Stop();
  dachs_.reset();
  if (stopped.ok()) o_.narrator->Say("DaCHS stopped; its roles, schemas and files removed");
  return stopped;
}

json DescribeTapSetup(const SweepOptions& o, const json& database_setup) {
  json j = database_setup;
  j.erase("pgbench");
  j["target"] = "tap";
  j["mix"] = TapMixText(o.tap_mix);
  j["duration_s"] = o.tap_duration_s();
  j["load_generator"] = "skyseed tapbench (libcurl, one thread and connection per client)";
  j["tables"] = {{"obscore", o.tap.tables.obscore}, {"source", o.tap.tables.source}};
  j["service"] = o.tap.url.empty() ? json{{"managed_by_skyseed", true}}
                                   : json{{"url", ServiceUrl{o.tap.url, o.tap.userinfo}.Shown()},
                                          {"pid", o.tap.pid},
                                          {"ceiling_cores", o.tap.ceiling_cores}};
  j["saturation_rule"]["service_busy"] = o.rule.service_busy;
  j["saturation_rule"]["service_throttled"] = o.rule.service_throttled;
  j["saturation_rule"]["connection_share"] = o.rule.connection_share;
  return j;
}

Status WriteTapResults(const SweepOptions& o, const SweepRecord& tap,
                       const std::vector<ServiceShare>& shares) {
  const fs::path out(o.out_dir);
  SKYSEED_RETURN_IF_ERROR(WriteFileAtomically(out / WordsOf(tap.key.kind).record_file,
                                              SweepToJson(tap).dump(2) + "\n"));
  SKYSEED_RETURN_IF_ERROR(WriteFileAtomically(out / "tap-windows.csv", WindowsCsv(tap)));
  if (!o.measures_database()) return Status::Ok();
  return WriteFileAtomically(out / "service-share.csv", ServiceSharesCsv(shares));
}

std::string TapSweepLine(const SweepRecord& tap, const std::vector<ServiceShare>& shares) {
  std::string tiers;
  TierPeak max;
  for (const TierSweep& t : tap.tiers) {
    tiers += (tiers.empty() ? "" : ",") + t.tier;
    const TierPeak peak = PeakOf(t);
    if (peak.rate > max.rate) max = peak;
  }
  char buf[128];
  std::snprintf(buf, sizeof buf, " max_rps=%.1f p95_ms_at_max=%.1f", max.rate, max.p95_ms);
  std::string line = "tap-sweep tiers=" + tiers + buf;
  // Every tier's: in a scaling run the limit moves as the tiers outgrow memory.
  for (const TierSweep& t : tap.tiers) {
    line += " limit_" + t.tier + "=" + LimitText(t);
    const double share = TierServiceShare(shares, t.tier);
    std::snprintf(buf, sizeof buf, "%.3f", share);
    line += " service_share_p50_" + t.tier + "=" + (share >= 0 ? buf : "n/a");
  }
  return line;
}

}  // namespace skyseed
