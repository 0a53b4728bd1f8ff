#include "sweep_record/sweep_store.h"

#include <exception>
#include <map>

#include "schema/manifest_schema.h"

namespace skyseed {
namespace {

using json = nlohmann::json;

Result<json> ParseJson(const std::string& text) {
  json j = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) return Status::Corruption("a recorded sweep holds malformed JSON");
  return j;
}

// sweep_tier.explain: the plan of each query class.
Result<std::map<std::string, json>> PlansFromText(const std::string& text) {
  SKYSEED_ASSIGN_OR_RETURN(json explain, ParseJson(text));
  if (!explain.is_object()) return Status::Corruption("sweep_tier.explain is not an object");
  std::map<std::string, json> plans;
  for (const auto& [cls, plan] : explain.items()) plans[cls] = plan;
  return plans;
}

Result<bool> TableExists(PgConnection& conn, const ManifestTable& t) {
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(conn.Query("SELECT to_regclass($1) IS NOT NULL",
                                     {QuotedTableName(t, conn.IdentQuoter())}, &r));
  return r.text(0, 0) == "t";
}

// The setup each sweep recorded; none for a database swept before
// sweep_setup existed (report reads without creating it).
Result<std::map<std::string, json>> ReadSweepSetups(PgConnection& conn) {
  std::map<std::string, json> setups;
  SKYSEED_ASSIGN_OR_RETURN(bool exists, TableExists(conn, ManifestSweepSetup()));
  if (!exists) return setups;
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(conn.Query(SelectSql(ManifestSweepSetup(), conn.IdentQuoter()), &r));
  for (int i = 0; i < r.rows(); ++i) {
    SKYSEED_ASSIGN_OR_RETURN(json j, ParseJson(r.text(i, 1)));
    setups[r.text(i, 0)] = j;
  }
  return setups;
}

// One tier's recorded row into *r; no row before any sweep made the table.
Status SelectTierRow(PgConnection& conn, const std::string& key, const std::string& tier,
                     const std::string& corpus_digest, PgResult* r) {
  SKYSEED_ASSIGN_OR_RETURN(bool exist, TableExists(conn, ManifestSweepTier()));
  if (!exist) return Status::Ok();
  return conn.Query(SelectWhereSql(ManifestSweepTier(), conn.IdentQuoter(),
                                   {"sweep_key", "tier", "corpus_digest"}, {}),
                    {key, tier, corpus_digest}, r);
}

}  // namespace

Status EnsureSweepTables(PgConnection& conn) {
  for (const ManifestTable* t : SweepTables()) {
    SKYSEED_RETURN_IF_ERROR(conn.Exec(ManifestTableDdlIfMissing(*t, conn.IdentQuoter())));
  }
  return Status::Ok();
}

Result<std::vector<SweepWindow>> ReadSweepWindows(PgConnection& conn, const std::string& key,
                                                  const std::string& tier,
                                                  const std::string& corpus_digest) {
  std::vector<SweepWindow> windows;
  SKYSEED_ASSIGN_OR_RETURN(const bool swept, TableExists(conn, ManifestSweepWindow()));
  if (!swept) return windows;  // read before anything is made (holdings/tiers_past.h)
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(
      conn.Query(SelectWhereSql(ManifestSweepWindow(), conn.IdentQuoter(),
                                {"sweep_key", "tier", "corpus_digest"}, {"clients", "rep"}),
                 {key, tier, corpus_digest}, &r));
  for (int i = 0; i < r.rows(); ++i) {
    SKYSEED_ASSIGN_OR_RETURN(json j, ParseJson(r.text(i, 0)));
    SKYSEED_ASSIGN_OR_RETURN(SweepWindow w, WindowFromJson(j));
    windows.push_back(w);
  }
  return windows;
}

Status RecordSweepWindow(PgConnection& conn, const std::string& key,
                         const std::string& corpus_digest, const SweepWindow& w) {
  PgResult r;
  return conn.Query(UpsertSql(ManifestSweepWindow(), conn.IdentQuoter()),
                    {key, w.tier, corpus_digest, std::to_string(w.clients), std::to_string(w.rep),
                     WindowToJson(w).dump()},
                    &r);
}

Status UpdateSweepWindowResult(PgConnection& conn, const std::string& key,
                               const std::string& corpus_digest, const SweepWindow& w) {
  PgResult r;
  return conn.Query(
      UpsertSql(ManifestSweepWindow(), conn.IdentQuoter(), /*refresh_defaults=*/false),
      {key, w.tier, corpus_digest, std::to_string(w.clients), std::to_string(w.rep),
       WindowToJson(w).dump()},
      &r);
}

Status RecordTierSweep(PgConnection& conn, const std::string& key, const TierSweep& t) {
  // The finding's jsonb also carries what the tier measured: no new column
  // for a table older databases already have.
  json finding = FindingToJson(t.finding, t.missing_evidence);
  finding["measured"] = MeasuredToJson(t.measured);
  if (!t.service_profile.is_null()) finding["service_profile"] = t.service_profile;
  PgResult r;
  return conn.Query(UpsertSql(ManifestSweepTier(), conn.IdentQuoter()),
                    {key, t.tier, t.corpus_digest, std::to_string(t.database_size), finding.dump(),
                     json(t.explain).dump()},
                    &r);
}

Status RecordSweepSetup(PgConnection& conn, const std::string& key, const json& setup) {
  PgResult r;
  return conn.Query(UpsertSql(ManifestSweepSetup(), conn.IdentQuoter()), {key, setup.dump()}, &r);
}

Result<std::map<std::string, json>> ReadTierPlans(PgConnection& conn, const std::string& key,
                                                  const std::string& tier,
                                                  const std::string& corpus_digest) {
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(SelectTierRow(conn, key, tier, corpus_digest, &r));
  if (r.rows() == 0) return std::map<std::string, json>{};
  return PlansFromText(r.text(0, 5));
}

Result<json> ReadTierProfile(PgConnection& conn, const std::string& key, const std::string& tier,
                             const std::string& corpus_digest) {
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(SelectTierRow(conn, key, tier, corpus_digest, &r));
  if (r.rows() == 0) return json();
  SKYSEED_ASSIGN_OR_RETURN(json finding, ParseJson(r.text(0, 4)));
  return finding.value("service_profile", json());
}

Result<std::vector<SweepRecord>> ReadSweepRecords(PgConnection& conn) {
  SKYSEED_ASSIGN_OR_RETURN(bool exist, TableExists(conn, ManifestSweepTier()));
  std::vector<SweepRecord> records;
  if (!exist) return records;
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(conn.Query(
      SelectWhereSql(ManifestSweepTier(), conn.IdentQuoter(), {}, {"sweep_key", "database_size"}),
      &r));
  SKYSEED_ASSIGN_OR_RETURN(auto setups, ReadSweepSetups(conn));
  for (int i = 0; i < r.rows(); ++i) {
    if (records.empty() || records.back().key.Text() != r.text(i, 0)) {
      SKYSEED_ASSIGN_OR_RETURN(SweepKey key, SweepKeyFromText(r.text(i, 0)));
      const auto setup = setups.find(r.text(i, 0));
      records.push_back({key, setup == setups.end() ? json::object() : setup->second, {}});
    }
    TierSweep t;
    t.tier = r.text(i, 1);
    t.corpus_digest = r.text(i, 2);
    t.database_size = r.int64(i, 3);
    SKYSEED_ASSIGN_OR_RETURN(json finding, ParseJson(r.text(i, 4)));
    try {
      t.finding = FindingFromJson(finding);
    } catch (const std::exception& e) {  // json's, and a count out of range
      return Status::Corruption(std::string("a recorded tier sweep's finding: ") + e.what());
    }
    // Absent from tiers recorded before the guard summary: unknown, not none.
    t.missing_evidence =
        finding.value("missing_evidence", std::vector<std::string>{"not recorded with this sweep"});
    t.measured = MeasuredFromJson(finding.value("measured", json()));
    t.service_profile = finding.value("service_profile", json());
    SKYSEED_ASSIGN_OR_RETURN(t.explain, PlansFromText(r.text(i, 5)));
    SKYSEED_ASSIGN_OR_RETURN(
        std::vector<SweepWindow> w,
        ReadSweepWindows(conn, records.back().key.Text(), t.tier, t.corpus_digest));
    t.windows = w;
    records.back().tiers.push_back(t);
  }
  return records;
}

}  // namespace skyseed
