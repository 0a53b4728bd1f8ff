#include "sweep_record/sweep_record.h"

#include <cmath>
#include <limits>
#include <stdexcept>
#include <type_traits>

#include "common/number_text.h"

namespace skyseed {

namespace {

// A whole number read strictly: a hand-edited file's 1e20, -5 or 2.5 where
// a count belongs would otherwise wrap or be cut into a wrong value.
template <typename T>
T WholeAt(const nlohmann::json& j, const char* key, T lo = std::numeric_limits<T>::min(),
          T hi = std::numeric_limits<T>::max()) {
  const nlohmann::json& v = j.at(key);
  bool in_range = false;
  if (v.is_number_unsigned()) {
    const uint64_t u = v.get<uint64_t>();
    in_range = u <= static_cast<uint64_t>(hi) && (lo <= 0 || u >= static_cast<uint64_t>(lo));
  } else if (v.is_number_integer()) {
    const int64_t i = v.get<int64_t>();
    in_range = i >= 0 ? static_cast<uint64_t>(i) <= static_cast<uint64_t>(hi) &&
                            (lo <= 0 || static_cast<uint64_t>(i) >= static_cast<uint64_t>(lo))
                      : std::is_signed_v<T> && i >= static_cast<int64_t>(lo);
  }
  if (!in_range) {
    throw std::out_of_range(std::string(key) + " is " + v.dump() + ", not a whole number in [" +
                            std::to_string(lo) + ", " + std::to_string(hi) + "]");
  }
  return v.is_number_unsigned() ? static_cast<T>(v.get<uint64_t>())
                                : static_cast<T>(v.get<int64_t>());
}

// A measured figure read strictly: a hand-edited or damaged file's negative
// tps, 1e308 or zero-second window is refused, not compared.
double FigureAt(const nlohmann::json& j, const char* key, double lo, double hi) {
  const nlohmann::json& v = j.at(key);
  const double d = v.is_number() ? v.get<double>() : NAN;
  if (!(d >= lo && d <= hi)) {
    throw std::out_of_range(std::string(key) + " is " + v.dump() + ", not a figure in [" +
                            FormatNumber("%g", lo) + ", " + FormatNumber("%g", hi) + "]");
  }
  return d;
}

// Bounds no real window reaches: a day's window, a billion a second, a
// day's latency in ms.
constexpr double kMaxWindowS = 86'400 * 7, kMaxRate = 1e9, kMaxMs = 86'400'000;

using json = nlohmann::json;

json LatencyJson(const LatencySummary& s) {
  return {{"count", s.count}, {"mean", s.mean}, {"p50", s.p50},
          {"p95", s.p95},     {"p99", s.p99},   {"max", s.max}};
}

LatencySummary LatencyFromJson(const json& j) {
  LatencySummary s;
  s.count = WholeAt<uint64_t>(j, "count");
  s.mean = FigureAt(j, "mean", 0, kMaxMs);
  s.p50 = FigureAt(j, "p50", 0, kMaxMs);
  s.p95 = FigureAt(j, "p95", 0, kMaxMs);
  s.p99 = FigureAt(j, "p99", 0, kMaxMs);
  s.max = FigureAt(j, "max", 0, kMaxMs);
  return s;
}

json StatementsJson(const std::vector<StatementTimes>& v) {
  json out = json::array();
  for (const StatementTimes& s : v) {
    out.push_back({{"query", s.query},
                   {"calls", s.calls},
                   {"total_ms", s.total_ms},
                   {"mean_ms", s.calls > 0 ? s.total_ms / s.calls : 0},
                   {"rows", s.rows},
                   {"shared_hit", s.shared_hit},
                   {"shared_read", s.shared_read}});
  }
  return out;
}

// Absent from windows recorded before the rankings were kept: none.
std::vector<StatementTimes> StatementsFromJson(const json& j, const char* key) {
  std::vector<StatementTimes> out;
  if (!j.contains(key)) return out;
  for (const json& s : j.at(key)) {
    StatementTimes t;
    t.query = s.at("query").get<std::string>();
    t.calls = s.at("calls").get<double>();
    t.total_ms = s.at("total_ms").get<double>();
    t.rows = s.at("rows").get<double>();
    t.shared_hit = s.at("shared_hit").get<double>();
    t.shared_read = s.at("shared_read").get<double>();
    out.push_back(t);
  }
  return out;
}

std::string Num(double v) { return FormatNumber("%.6g", v); }

}  // namespace

std::map<int, std::vector<SweepWindow>> WindowsByClients(const TierSweep& t) {
  std::map<int, std::vector<SweepWindow>> steps;
  for (const SweepWindow& w : t.windows) steps[w.clients].push_back(w);
  return steps;
}

json WindowToJson(const SweepWindow& w) {
  json classes = json::object();
  json class_bytes = json::object();
  for (const ClassLatency& c : w.classes) {
    classes[c.query_class] = LatencyJson(c.latency_ms);
    if (c.bytes_per_answer >= 0) class_bytes[c.query_class] = c.bytes_per_answer;
  }
  return {{"tier", w.tier},
          {"clients", w.clients},
          {"rep", w.rep},
          {"seconds", w.seconds},
          {"committed", w.committed},
          {"failed", w.failed},
          {"tps", w.tps},
          {"error_rate", w.error_rate},
          {"latency_ms", LatencyJson(w.latency_ms)},
          {"classes_latency_ms", classes},
          {"classes_bytes_per_answer", class_bytes},
          {"hit_ratio", w.hit_ratio},
          {"reads_per_s", w.reads_per_s},
          {"temp_bytes", w.temp_bytes},
          {"read_ms", w.read_ms},
          {"client_cores", w.client_cores},
          {"client_threads", w.client_threads},
          {"busy_cores", w.busy_cores},
          {"database_cores", w.database_cores},
          {"other_cores", w.other_cores},
          {"service_cores", w.service_cores},
          {"service_ceiling", w.service_ceiling},
          {"response_bytes", w.response_bytes},
          {"proxy_cores", w.proxy_cores},
          {"new_sessions", w.new_sessions},
          {"connection_ms", w.connection_ms},
          {"throttled_periods", w.throttled_periods},
          {"throttled_s", w.throttled_s},
          {"throttled_share", w.throttled_share},
          {"cores", w.cores},
          {"swap_used_mib", w.swap_used_mib},
          {"disk_free_gib", w.disk_free_gib},
          {"wait_events", w.wait_events},
          {"top_by_total", StatementsJson(w.statements.by_total)},
          {"top_by_mean", StatementsJson(w.statements.by_mean)},
          {"flags", FlagTexts(w.flags)},
          {"flag_guards", FlagGuardKeys(w.flags)}};
}

Result<SweepWindow> WindowFromJson(const json& j) {
  try {
    SweepWindow w;
    w.tier = j.at("tier").get<std::string>();
    w.clients = WholeAt<int>(j, "clients", 1, 1000000);
    w.rep = WholeAt<int>(j, "rep", 0, 1000000);
    w.seconds = FigureAt(j, "seconds", 1e-3, kMaxWindowS);
    w.committed = WholeAt<uint64_t>(j, "committed");
    w.failed = WholeAt<uint64_t>(j, "failed");
    w.tps = FigureAt(j, "tps", 0, kMaxRate);
    w.error_rate = FigureAt(j, "error_rate", 0, 1);
    w.latency_ms = LatencyFromJson(j.at("latency_ms"));
    // Absent before response sizes were kept, and empty for pgbench's classes.
    const json bytes = j.value("classes_bytes_per_answer", json::object());
    for (const auto& [name, lat] : j.at("classes_latency_ms").items()) {
      w.classes.push_back({name, LatencyFromJson(lat), bytes.value(name, -1.0)});
    }
    w.hit_ratio = j.at("hit_ratio").get<double>();
    w.reads_per_s = j.at("reads_per_s").get<double>();
    w.temp_bytes = j.at("temp_bytes").get<double>();
    w.read_ms = j.at("read_ms").get<double>();
    w.client_cores = j.at("client_cores").get<double>();
    w.client_threads = WholeAt<int>(j, "client_threads", 0, 1000000);
    w.busy_cores = j.at("busy_cores").get<double>();
    // Absent from sweeps recorded before the attribution: unknown.
    w.database_cores = j.value("database_cores", -1.0);
    w.other_cores = j.value("other_cores", 0.0);
    // Only TAP windows measure a service.
    w.service_cores = j.value("service_cores", -1.0);
    w.service_ceiling = j.value("service_ceiling", 0.0);
    w.response_bytes = j.value("response_bytes", 0.0);
    // Absent before connection churn and CPU limits were measured: unknown.
    w.proxy_cores = j.value("proxy_cores", -1.0);
    w.new_sessions = j.value("new_sessions", -1.0);
    w.connection_ms = j.value("connection_ms", -1.0);
    w.throttled_periods = j.value("throttled_periods", 0.0);
    w.throttled_s = j.value("throttled_s", 0.0);
    w.throttled_share = j.value("throttled_share", -1.0);
    w.cores = WholeAt<int>(j, "cores", 0, 1000000);
    w.swap_used_mib = j.at("swap_used_mib").get<double>();
    w.disk_free_gib = j.at("disk_free_gib").get<double>();
    w.wait_events = j.at("wait_events").get<std::map<std::string, int>>();
    // No flag_guards in windows recorded before flags were typed: their
    // words are read as each guard began them (LegacyGuardFlag).
    w.flags = RecordedFlags(j.at("flags").get<std::vector<std::string>>(),
                            j.value("flag_guards", std::vector<std::string>{}));
    w.statements.by_total = StatementsFromJson(j, "top_by_total");
    w.statements.by_mean = StatementsFromJson(j, "top_by_mean");
    return w;
  } catch (const std::exception& e) {  // json's, and WholeAt's out_of_range
    return Status::Corruption(std::string("a recorded sweep window is damaged: ") + e.what());
  }
}

json WarmupToJson(const WarmupRecord& r) {
  json intervals = json::array();
  for (const WarmupInterval& i : r.intervals) {
    intervals.push_back({{"seconds", i.seconds},
                         {"tps", i.tps},
                         {"hit_ratio", i.hit_ratio},
                         {"reads_per_s", i.reads_per_s}});
  }
  return {{"clients", r.clients},
          {"interval_s", r.interval_s},
          {"max_s", r.max_s},
          {"seconds", r.seconds},
          {"outcome", WarmupOutcomeName(r.outcome)},
          {"settled", r.outcome == WarmupOutcome::kSettled},
          {"intervals", intervals}};
}

Result<WarmupRecord> WarmupFromJson(const json& j) {
  try {
    WarmupRecord r;
    r.clients = WholeAt<int>(j, "clients", 1, 1000000);
    r.interval_s = WholeAt<int>(j, "interval_s", 0, 86400);
    r.max_s = WholeAt<int>(j, "max_s", 0, 1000000);
    r.seconds = j.at("seconds").get<double>();
    r.outcome = WarmupOutcomeFromName(j.at("outcome").get<std::string>());
    for (const json& i : j.at("intervals")) {
      r.intervals.push_back({i.at("seconds").get<double>(), i.at("tps").get<double>(),
                             i.at("hit_ratio").get<double>(), i.at("reads_per_s").get<double>()});
    }
    return r;
  } catch (const std::exception& e) {  // json's, and WholeAt's out_of_range
    return Status::Corruption(std::string("a recorded warm-up is damaged: ") + e.what());
  }
}

json FindingToJson(const SaturationFinding& f, const std::vector<std::string>& missing_evidence) {
  json steps = json::array();
  for (const StepVerdict& v : f.steps) {
    steps.push_back({{"clients", v.clients},
                     {"classified", v.classified},
                     {"limit", LimitKindName(v.limit)},
                     {"why", v.why}});
  }
  return {{"saturated", f.saturated},
          {"step", f.step},
          {"limit", LimitKindName(f.limit)},
          {"reason", f.reason},
          {"missing_evidence", missing_evidence},
          {"steps", steps}};
}

SaturationFinding FindingFromJson(const json& f) {
  SaturationFinding finding;
  finding.saturated = f.at("saturated").get<bool>();
  finding.step = WholeAt<size_t>(f, "step", 0, 1000000);
  finding.limit = LimitKindFromName(f.at("limit").get<std::string>());
  finding.reason = f.at("reason").get<std::string>();
  // Absent from sweeps recorded before each step's limit was kept.
  for (const json& v : f.value("steps", json::array())) {
    finding.steps.push_back({WholeAt<int>(v, "clients", 0, 1000000), v.at("classified").get<bool>(),
                             LimitKindFromName(v.at("limit").get<std::string>()),
                             v.at("why").get<std::string>()});
  }
  return finding;
}

json MeasuredToJson(const TierMeasured& m) {
  return {{"obscore_rows", m.obscore_rows},
          {"total_rows", m.total_rows},
          {"table_bytes", m.table_bytes},
          {"index_bytes", m.index_bytes},
          {"grow_seconds", m.grow_seconds}};
}

TierMeasured MeasuredFromJson(const json& j) {
  TierMeasured m;
  if (!j.is_object()) return m;
  m.obscore_rows = j.value("obscore_rows", int64_t{-1});
  m.total_rows = j.value("total_rows", int64_t{-1});
  m.table_bytes = j.value("table_bytes", int64_t{-1});
  m.index_bytes = j.value("index_bytes", int64_t{-1});
  m.grow_seconds = j.value("grow_seconds", -1.0);
  return m;
}

Result<SweepRecord> SweepFromJson(const json& j) {
  try {
    SweepRecord r;
    SKYSEED_ASSIGN_OR_RETURN(r.key, SweepKeyFromText(j.at("sweep_key").get<std::string>()));
    r.setup = j.at("setup");
    for (const json& t : j.at("tiers")) {
      TierSweep tier;
      tier.tier = t.at("tier").get<std::string>();
      tier.corpus_digest = t.at("corpus_digest").get<std::string>();
      tier.database_size = WholeAt<int64_t>(t, "database_size", 0);
      // Absent from sweeps recorded before it was kept: shown as "-".
      tier.measured = MeasuredFromJson(t.value("measured", json()));
      const json& f = t.at("saturation");
      tier.finding = FindingFromJson(f);
      tier.missing_evidence =
          f.value("missing_evidence", std::vector<std::string>{"not recorded with this sweep"});
      tier.explain = t.at("explain").get<std::map<std::string, json>>();
      // Absent from sweeps before warm-ups were recorded, and from tiers
      // whose windows were all recorded before (no warm-up ran).
      if (t.contains("warmup")) {
        SKYSEED_ASSIGN_OR_RETURN(WarmupRecord warmup, WarmupFromJson(t.at("warmup")));
        tier.warmup = warmup;
      }
      for (const json& w : t.at("windows")) {
        SKYSEED_ASSIGN_OR_RETURN(SweepWindow window, WindowFromJson(w));
        tier.windows.push_back(std::move(window));
      }
      r.tiers.push_back(std::move(tier));
    }
    return r;
  } catch (const std::exception& e) {  // json's, and WholeAt's out_of_range
    return Status::Corruption(std::string("not a skyseed sweep.json: ") + e.what());
  }
}

json SweepToJson(const SweepRecord& r) {
  json tiers = json::array();
  for (const TierSweep& t : r.tiers) {
    json windows = json::array();
    for (const SweepWindow& w : t.windows) windows.push_back(WindowToJson(w));
    json tier = {{"tier", t.tier},
                 {"corpus_digest", t.corpus_digest},
                 {"database_size", t.database_size},
                 {"measured", MeasuredToJson(t.measured)},
                 {"saturation", FindingToJson(t.finding, t.missing_evidence)},
                 {"explain", t.explain},
                 {"windows", windows}};
    if (t.warmup) tier["warmup"] = WarmupToJson(*t.warmup);
    tiers.push_back(std::move(tier));
  }
  return {{"sweep_key", r.key.Text()}, {"setup", r.setup}, {"tiers", tiers}};
}

std::string WindowsCsv(const SweepRecord& r) {
  std::string s =
      "tier,database_size,clients,rep,seconds,committed,failed,tps,error_rate,p50_ms,p95_ms,"
      "p99_ms,hit_ratio,reads_per_s,temp_bytes,read_ms,client_cores,busy_cores,database_cores,"
      "other_cores,service_cores,response_bytes,proxy_cores,new_sessions,connection_ms,"
      "throttled_periods,throttled_s,throttled_share,valid,flags\n";
  for (const TierSweep& t : r.tiers) {
    for (const SweepWindow& w : t.windows) {
      std::string flags;
      for (const GuardFlag& f : w.flags) {
        if (!flags.empty()) flags += "; ";
        flags += f.text;
      }
      s += t.tier + "," + std::to_string(t.database_size) + "," + std::to_string(w.clients) + "," +
           std::to_string(w.rep) + "," + Num(w.seconds) + "," + std::to_string(w.committed) + "," +
           std::to_string(w.failed) + "," + Num(w.tps) + "," + Num(w.error_rate) + "," +
           Num(w.latency_ms.p50) + "," + Num(w.latency_ms.p95) + "," + Num(w.latency_ms.p99) + "," +
           Num(w.hit_ratio) + "," + Num(w.reads_per_s) + "," + Num(w.temp_bytes) + "," +
           Num(w.read_ms) + "," + Num(w.client_cores) + "," + Num(w.busy_cores) + "," +
           Num(w.database_cores) + "," + Num(w.other_cores) + "," + Num(w.service_cores) + "," +
           Num(w.response_bytes) + "," + Num(w.proxy_cores) + "," + Num(w.new_sessions) + "," +
           Num(w.connection_ms) + "," + Num(w.throttled_periods) + "," + Num(w.throttled_s) + "," +
           Num(w.throttled_share) + "," + (w.valid() ? "true" : "false") + ",\"" + flags + "\"\n";
    }
  }
  return s;
}

}  // namespace skyseed
