#include "holdings/sweep_carry.h"

#include <algorithm>
#include <map>
#include <utility>

#include "common/utc_now.h"
#include "store/manifest_store.h"
#include "store/record_audit.h"

namespace skyseed {
namespace {

using json = nlohmann::json;

// The tables' tier, by the ledger rule; null without a corpus or a record.
Result<json> ExportedHeldTier(PgConnection& conn) {
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(
      conn.Query("SELECT to_regclass('skyseed.tier') IS NOT NULL AND "
                 "to_regclass('skyseed.chunk_ledger') IS NOT NULL",
                 &r));
  if (r.text(0, 0) != "t") return json();
  SKYSEED_ASSIGN_OR_RETURN(std::vector<TierRecord> tiers, ReadTiers(conn));
  SKYSEED_ASSIGN_OR_RETURN(std::vector<LedgerEntry> ledger, ReadLedger(conn));
  const TierRecord* held = HeldTier(tiers, ledger);
  return held == nullptr ? json() : json(held->tier);
}

// Each (tier, corpus digest) the windows and findings name, in the order
// first measured (measured_at is UTC text, so it sorts as time).
json MeasuredTiers(const json& tables) {
  std::map<std::pair<std::string, std::string>, std::string> first;
  for (const char* name : {"sweep_tier", "sweep_window"}) {
    for (const json& row : tables[name]) {
      const auto key =
          std::make_pair(row["tier"].get<std::string>(), row["corpus_digest"].get<std::string>());
      const std::string at = row["measured_at"].get<std::string>();
      auto [it, added] = first.emplace(key, at);
      if (!added) it->second = std::min(it->second, at);
    }
  }
  std::vector<std::pair<std::string, std::pair<std::string, std::string>>> order;
  for (const auto& [key, at] : first) order.push_back({at, key});
  std::sort(order.begin(), order.end());
  json tiers = json::array();
  for (const auto& [at, key] : order) {
    tiers.push_back({{"tier", key.first}, {"corpus_digest", key.second}});
  }
  return tiers;
}

// The carry's "tiers" must be exactly what its rows name.
Status CheckCarriedTiers(const json& carry) {
  const json& tiers = carry["tiers"];
  if (!tiers.is_array()) return Status::InvalidArgument("\"tiers\" is not a list");
  for (const json& t : tiers) {
    if (!t.is_object() || !t.contains("tier") || !t["tier"].is_string() ||
        !t.contains("corpus_digest") || !t["corpus_digest"].is_string()) {
      return Status::InvalidArgument("\"tiers\" holds an entry without tier and corpus_digest");
    }
  }
  if (tiers != MeasuredTiers(carry["tables"])) {
    return Status::InvalidArgument(
        "\"tiers\" is not the list of tiers and corpus digests its rows were measured on");
  }
  return Status::Ok();
}

// Every carried tier recorded here on the same corpus.
Status CheckTierRecords(PgConnection& conn, const json& carried) {
  SKYSEED_RETURN_IF_ERROR(RequireCorpusIdentity(conn).status());
  SKYSEED_ASSIGN_OR_RETURN(std::vector<TierRecord> tiers, ReadTiers(conn));
  for (const json& c : carried) {
    const std::string tier = c["tier"].get<std::string>();
    const std::string digest = c["corpus_digest"].get<std::string>();
    const auto record = std::find_if(tiers.begin(), tiers.end(),
                                     [&](const TierRecord& t) { return t.tier == tier; });
    if (record == tiers.end()) {
      return Status::InvalidArgument(
          "the carry holds windows of tier " + tier + ", which this database has not recorded; " +
          "grow it first (same seed and generator: its corpus digest must be " + digest + ")");
    }
    if (record->corpus.Hex() != digest) {
      return Status::InvalidArgument("the carry's windows of tier " + tier +
                                     " were measured on corpus " + digest +
                                     "; this database's tier " + tier + " is corpus " +
                                     record->corpus.Hex() + " (another seed or generator)");
    }
  }
  return Status::Ok();
}

}  // namespace

Result<json> ExportSweepCarry(PgConnection& conn) {
  // One snapshot: a sweep recording a window meanwhile is in all the
  // tables or in none.
  SKYSEED_RETURN_IF_ERROR(conn.Exec("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY"));
  SKYSEED_ASSIGN_OR_RETURN(json tables, ReadSweepRows(conn));
  SKYSEED_ASSIGN_OR_RETURN(json held, ExportedHeldTier(conn));
  SKYSEED_RETURN_IF_ERROR(conn.Exec("COMMIT"));
  return json{{"kind", kSweepCarryKind},        {"version", kSweepCarryVersion},
              {"exported_at", UtcNowText()},    {"held_tier", held},
              {"tiers", MeasuredTiers(tables)}, {"tables", tables}};
}

std::string SweepCarryText(const json& carry) {
  std::string text = "{\n";
  for (const auto& [key, value] : carry.items()) {
    if (key == "tables") continue;
    text += json(key).dump() + ": " + value.dump() + ",\n";
  }
  text += "\"tables\": {";
  const char* table_sep = "\n";
  for (const auto& [name, rows] : carry["tables"].items()) {
    text += table_sep + json(name).dump() + ": [";
    const char* row_sep = "\n";
    for (const json& row : rows) text += row_sep + row.dump(), row_sep = ",\n";
    text += rows.empty() ? "]" : "\n]";
    table_sep = ",\n";
  }
  return text + "\n}}\n";
}

Result<json> ParseSweepCarry(const std::string& text, const std::string& shown) {
  const json carry = json::parse(text, nullptr, /*allow_exceptions=*/false);
  const auto refuse = [&](const std::string& why) {
    return Status::InvalidArgument(shown + ": " + why + "; nothing imported");
  };
  if (carry.is_discarded()) return refuse("not JSON");
  if (!carry.is_object() || carry.value("kind", json()) != kSweepCarryKind) {
    return refuse(std::string("not a sweep carry (its \"kind\" is not \"") + kSweepCarryKind +
                  "\")");
  }
  if (carry.value("version", json()) != kSweepCarryVersion) {
    return refuse("a sweep carry of version " + carry.value("version", json()).dump() +
                  "; this skyseed reads version " + std::to_string(kSweepCarryVersion));
  }
  if (!carry.contains("tables")) return refuse("no \"tables\"");
  if (Status s = CheckSweepRows(carry["tables"]); !s.ok()) return refuse(s.message());
  if (Status s = CheckCarriedTiers(carry); !s.ok()) return refuse(s.message());
  return carry;
}

Result<SweepRowsAdded> ImportSweepCarry(PgConnection& conn, const json& carry) {
  return AddSweepRows(conn, carry["tables"],
                      [&]() { return CheckTierRecords(conn, carry["tiers"]); });
}

}  // namespace skyseed
