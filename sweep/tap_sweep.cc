#include "sweep/tap_sweep.h"

#include <cstdio>
#include <filesystem>
#include <memory>

#include "capacity/capacity.h"
#include "common/file_writes.h"
#include "common/service_url.h"
#include "profile/profiled_window.h"
#include "schema/corpus_schema.h"
#include "sweep/connection_probe.h"
#include "sweep/cpu_attribution.h"
#include "sweep/tap_window_run.h"
#include "sweep/tier_measure.h"
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

Status MeasureTapTier(const SweepOptions& o, const TierSpec& tier, PgConnection& c,
                      const ServerCapabilities& caps, const MachineFacts& machine,
                      const std::string& tier_folder, const std::string& key, bool held,
                      TierSweep* t, nlohmann::json* service_description) {
  const fs::path tier_dir(tier_folder);
  Narrator& narrator = *o.narrator;
  const fs::path query_dir = tier_dir / "tap" / "queries";
  std::error_code ec;
  fs::create_directories(query_dir, ec);
  if (ec) return Status::IoError(query_dir.string() + ": " + ec.message());
  for (const TapMixClass& m : o.tap_mix) {
    SKYSEED_RETURN_IF_ERROR(
        WriteFileAtomically(query_dir / TapQueryFileName(*m.query_class),
                            TapQueryFile(*m.query_class, tier, o.workload, o.tap.tables)));
  }
  SKYSEED_ASSIGN_OR_RETURN(std::vector<SweepWindow> done,
                           ReadSweepWindows(c, key, t->tier, t->corpus_digest));
  std::unique_ptr<DachsService> dachs;
  // A --tap-url service as its options describe it; skyseed's DaCHS fills
  // in its own below.
  std::vector<int> url_service_pids;
  if (o.tap.pid > 0) url_service_pids = {o.tap.pid};
  TapWindowSetting setting{o,
                           tier.name,
                           query_dir.string(),
                           "",
                           o.tap.url,
                           o.tap.userinfo,
                           url_service_pids,
                           {},
                           o.tap.ceiling_cores,
                           -1,
                           {},
                           caps,
                           machine,
                           {}};
  // skyseed's DaCHS only when a window is still to be measured (a rerun of
  // a finished or saturated tier needs no service).
  SKYSEED_ASSIGN_OR_RETURN(t->service_profile, ReadTierProfile(c, key, t->tier, t->corpus_digest));
  // Asked for, and no profile recorded at that client count.
  const json& recorded = t->service_profile;
  const bool to_profile = held && o.profile_clients > 0 &&
                          !(recorded.is_object() && recorded.contains("cpu") &&
                            recorded.value("clients", 0) == o.profile_clients);
  const bool to_measure = held && (WindowsLeftToMeasure(o, done) || to_profile);
  if (setting.url.empty() && to_measure) {
    DachsOptions d{o.tap.data_dir,         o.tap.dbname,    kCorpusSchema,
                   o.tap.dachs_settings,   o.tap.instances, o.tap.cpus,
                   o.tap.pooler,           o.tap.timeout_s, o.tap.record,
                   o.tap.cluster_conninfo, o.tap.dachs};
    SKYSEED_ASSIGN_OR_RETURN(dachs, DachsService::Start(d, c, narrator));
    setting.url = dachs->url();
    setting.service_pids = dachs->pids();
    setting.proxy_pids = dachs->helper_pids();
    setting.service_ceiling = dachs->ceiling_cores();
    setting.throttling = [&dachs] { return dachs->ReadThrottling(); };
    *service_description = dachs->Describe();
    SKYSEED_ASSIGN_OR_RETURN(setting.load_user, LookUpUserIds(ServiceUser(o.tap.data_dir)));
  }
  // What a connection costs the server here, to price the service's churn.
  const int postmaster = LocalPostmasterPid(c.backend_pid());
  if (to_measure && postmaster > 0) {
    SKYSEED_ASSIGN_OR_RETURN(setting.connection_ms, ProbeConnectionCpuMs(o.conninfo, postmaster));
    char text[96];
    std::snprintf(text, sizeof text, ": a connect and disconnect costs PostgreSQL %.2f ms of CPU",
                  setting.connection_ms);
    narrator.Say(tier.name + text);
  }
  const WindowRunner run = [&](const std::string& dir, int clients, int rep, int seconds) {
    setting.window_dir = dir;
    return RunTapWindow(setting, c, clients, rep, seconds);
  };
  // Only skyseed's DaCHS is known to serve the corpus tables of this
  // database; a --tap-url service's working set is its own.
  std::vector<std::string> classes;
  for (const TapMixClass& m : o.tap_mix) {
    if (m.weight > 0 && o.tap.url.empty()) classes.push_back(m.query_class->name);
  }
  PgSweepBench bench(run, WorkingSetPrimer(c, classes, tier, o.workload),
                     (tier_dir / "tap").string(), c, key, t->corpus_digest);
  // The TAP sweep's own window length (--tap-window), everything else as asked.
  SweepOptions tap_windows = o;
  tap_windows.duration_s = o.tap_duration_s();
  Status measured = MeasureTier(bench, tap_windows, "req/s", done, held, t, narrator);
  if (measured.ok() && to_profile && dachs) {
    measured = ProfileTier(setting, c, tier_dir / "tap", t);
  }
  if (dachs) {
    const Status stopped = dachs->Stop();
    if (measured.ok() && !stopped.ok()) return stopped;
    if (stopped.ok()) narrator.Say("DaCHS stopped; its roles, schemas and files removed");
  }
  return measured;
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
  SKYSEED_RETURN_IF_ERROR(
      WriteFileAtomically(out / "tap-sweep.json", SweepToJson(tap).dump(2) + "\n"));
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
