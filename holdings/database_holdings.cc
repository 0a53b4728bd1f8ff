#include "holdings/database_holdings.h"

#include <algorithm>
#include <map>

#include "capacity/capacity.h"
#include "publish/standard_views.h"
#include "store/manifest_store.h"
#include "store/record_audit.h"
#include "sweep/sweep_environment.h"
#include "sweep_record/sweep_record.h"
#include "sweep_record/sweep_store.h"
#include "sweep_record/sweep_window.h"
#include "timing/phase_times.h"
#include "timing/task_times.h"
#include "verify/stored_order.h"

namespace skyseed {
namespace {

// Rows the ledger holds past the last recorded tier, per table: a partial
// step, which covers a stretch of the NESTED curve, not the whole sky.
nlohmann::json PastLastTier(const std::vector<TierRecord>& tiers,
                            const std::vector<LedgerEntry>& ledger) {
  std::map<std::string, uint64_t> tier_rows;  // the largest tier's rows
  std::string last = "none";
  for (const TierRecord& t : tiers) {
    for (const TierTableRecord& r : t.tables) {
      if (r.digest.rows >= tier_rows[r.table]) {
        tier_rows[r.table] = r.digest.rows;
        last = t.tier;
      }
    }
  }
  nlohmann::json past = nlohmann::json::object();
  for (const LedgerEntry& e : ledger) {
    const uint64_t end = tier_rows[e.table];
    if (e.range.end() <= end) continue;
    const uint64_t first = std::max(e.range.first, end);
    past[e.table] = past.value(e.table, uint64_t{0}) + (e.range.end() - first);
  }
  if (past.empty()) return nullptr;
  return {{"last_tier", last}, {"rows", past}};
}

Result<nlohmann::json> ToJson(const CorpusIdentity& id, const std::vector<TierRecord>& tiers,
                              const std::vector<LedgerEntry>& ledger,
                              const std::vector<StashEntry>& stash) {
  nlohmann::json j;
  j["seed"] = id.seed;
  j["generator_version"] = id.generator_version;
  j["tiers"] = nlohmann::json::array();
  for (const TierRecord& t : tiers) {
    if (!t.phases_recorded) {
      return Status::Corruption("skyseed.tier holds phases of tier " + t.tier +
                                " that are not a JSON object");
    }
    // The phases as recorded: the record's own JSON, rebuilt from what the
    // store parsed (every key skyseed writes reads back to itself).
    const nlohmann::json phases = nlohmann::json::parse(PhaseTimesToJson(t.phases));
    nlohmann::json tj = {{"tier", t.tier},
                         {"reached_at", t.reached_at},
                         {"seconds", t.seconds},
                         {"corpus_digest", t.corpus.Hex()},
                         {"database_size", t.database_size},
                         {"pg_version", t.pg_version},
                         {"phases", phases}};
    if (const PhaseTimes* p = &t.phases; !p->tasks.empty()) {
      const TimeBounds b = BoundsOf(p->tasks, p->cores);
      tj["time_bounds"] = {{"busy", p->busy_is_cpu ? "cpu" : "wall"},
                           {"work_seconds", b.work},
                           {"cores", b.cores},
                           {"work_bound", b.work_bound},
                           {"longest_task", b.longest_task},
                           {"longest_task_seconds", b.longest},
                           {"verdict", BoundVerdict(b, t.seconds, p->host_busy)}};
      if (p->host_busy) tj["time_bounds"]["host_busy_seconds"] = *p->host_busy;
      if (p->peak_rss_mib > 0) tj["peak_rss_mib"] = p->peak_rss_mib;
    }
    for (const TierTableRecord& r : t.tables) {
      tj["tables"].push_back({{"table", r.table},
                              {"rows", r.digest.rows},
                              {"digest", r.digest.sum.Hex()},
                              {"table_size", r.table_size},
                              {"indexes_size", r.indexes_size},
                              {"index_table_ratio", r.index_table_ratio}});
    }
    j["tiers"].push_back(tj);
  }
  j["ledger"] = nlohmann::json::object();
  for (const LedgerEntry& e : ledger) {
    auto& t = j["ledger"][e.table];
    if (t.is_null()) t = {{"chunks", 0}, {"rows", uint64_t{0}}};
    t["chunks"] = t["chunks"].get<uint64_t>() + 1;
    t["rows"] = t["rows"].get<uint64_t>() + e.range.count;
  }
  j["indexes_set_aside"] = nlohmann::json::array();
  for (const StashEntry& s : stash) j["indexes_set_aside"].push_back(s.index_name);
  j["rows_past_last_tier"] = PastLastTier(tiers, ledger);
  return j;
}

// The tables status reads, and what their standard names hold.
nlohmann::json NamesJson(const std::vector<StandardNameState>& states) {
  nlohmann::json out = nlohmann::json::array();
  for (const StandardNameState& s : states) {
    const char* holder = s.holder == StandardNameState::Holder::kOurs      ? "skyseed's view"
                         : s.holder == StandardNameState::Holder::kForeign ? "another's object"
                                                                           : "absent";
    out.push_back({{"table", s.table_name},
                   {"standard_name", s.name},
                   {"standard_name_holds", holder},
                   {"description", DescribeStandardName(s)}});
  }
  return out;
}

// Each table's stored order, measured: the median angle between rows stored
// in one block, and between rows paired at random.
Status AddStoredOrder(PgConnection& conn, nlohmann::json* tables) {
  for (auto& t : *tables) {
    // "skyseed_corpus.gaia_source": the table, by its own name.
    const std::string name = t["table"].get<std::string>();
    const TableDef* def = FindTable(name.substr(name.find('.') + 1));
    if (def == nullptr) continue;
    SKYSEED_ASSIGN_OR_RETURN(std::optional<StoredOrder> order, MeasureStoredOrder(conn, *def));
    if (!order) continue;
    t["stored_neighbour_median_deg"] = order->neighbour_deg;
    t["random_pair_median_deg"] = order->random_pair_deg;
    t["stored_in_sky_order"] = order->sky_order();
  }
  return Status::Ok();
}

// The TAP service a sweep measured, as its setup recorded it: "GAVO DaCHS
// Software (2.11) Schema (36/36), the debian13 root's (...)"; "" for none.
std::string ServiceText(const nlohmann::json& setup) {
  if (!setup.is_object() || !setup.contains("service")) return "";
  const nlohmann::json& s = setup["service"];
  if (!s.is_object() || !s.contains("server") || !s["server"].is_string()) return "";
  const std::string from = s.value("dachs_from", "");
  return s["server"].get<std::string>() + (from.empty() ? "" : ", " + from);
}

// Per recorded sweep and tier: windows, peak mean throughput over valid
// windows, the saturation finding and the TAP service it measured.
nlohmann::json SweepsJson(const std::vector<SweepRecord>& sweeps) {
  nlohmann::json out = nlohmann::json::array();
  for (const SweepRecord& r : sweeps) {
    const std::string service = ServiceText(r.setup);
    for (const TierSweep& t : r.tiers) {
      const TierPeak peak = PeakOf(t);
      int flagged = 0;
      for (const SweepWindow& w : t.windows) flagged += !w.valid();
      out.push_back({{"sweep", r.key.Text()},
                     {"sweep_id", SweepId(r.key)},
                     {"tier", t.tier},
                     {"corpus_digest", t.corpus_digest},
                     {"windows", t.windows.size()},
                     {"flagged_windows", flagged},
                     {"peak_tps", peak.rate},
                     {"peak_at_clients", peak.clients},
                     {"saturated", t.finding.saturated},
                     {"finding", t.finding.reason}});
      if (!service.empty()) out.back()["service"] = service;
    }
  }
  return out;
}

}  // namespace

Result<nlohmann::json> DescribeHoldings(PgConnection& conn) {
  SKYSEED_ASSIGN_OR_RETURN(CorpusIdentity id, RequireCorpusIdentity(conn));
  SKYSEED_ASSIGN_OR_RETURN(std::vector<TierRecord> tiers, ReadTiers(conn));
  SKYSEED_ASSIGN_OR_RETURN(std::vector<LedgerEntry> ledger, ReadLedger(conn));
  SKYSEED_ASSIGN_OR_RETURN(std::vector<StashEntry> stash, ReadStash(conn));
  SKYSEED_ASSIGN_OR_RETURN(std::vector<StandardNameState> names, InspectStandardNames(conn));
  SKYSEED_ASSIGN_OR_RETURN(nlohmann::json j, ToJson(id, tiers, ledger, stash));
  const TierRecord* held = HeldTier(tiers, ledger);
  j["held_tier"] = held == nullptr ? nlohmann::json() : nlohmann::json(held->tier);
  j["corpus_tables"] = NamesJson(names);
  SKYSEED_ASSIGN_OR_RETURN(j["server"], DescribeServer(conn));
  SKYSEED_RETURN_IF_ERROR(AddStoredOrder(conn, &j["corpus_tables"]));
  SKYSEED_ASSIGN_OR_RETURN(std::vector<SweepRecord> sweeps, ReadSweepRecords(conn));
  j["sweeps"] = SweepsJson(sweeps);
  return j;
}

}  // namespace skyseed
