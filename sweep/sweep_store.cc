#include "sweep/sweep_store.h"

namespace skyseed {
namespace {

using json = nlohmann::json;

Result<json> ParseJson(const std::string& text) {
  json j = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) return Status::Corruption("a recorded sweep holds malformed JSON");
  return j;
}

Result<bool> SweepTablesExist(PgConnection& conn) {
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(conn.Query("SELECT to_regclass('skyseed.sweep_tier') IS NOT NULL", &r));
  return r.text(0, 0) == "t";
}

}  // namespace

Status EnsureSweepTables(PgConnection& conn) {
  return conn.Exec(
      "CREATE TABLE IF NOT EXISTS skyseed.sweep_window ("
      " sweep_key text NOT NULL, tier text NOT NULL, corpus_digest text NOT NULL,"
      " clients integer NOT NULL, rep integer NOT NULL,"
      " measured_at timestamptz NOT NULL DEFAULT now(), result jsonb NOT NULL,"
      " PRIMARY KEY (sweep_key, tier, corpus_digest, clients, rep));"
      "CREATE TABLE IF NOT EXISTS skyseed.sweep_tier ("
      " sweep_key text NOT NULL, tier text NOT NULL, corpus_digest text NOT NULL,"
      " database_size bigint NOT NULL, finding jsonb NOT NULL, explain jsonb NOT NULL,"
      " measured_at timestamptz NOT NULL DEFAULT now(),"
      " PRIMARY KEY (sweep_key, tier, corpus_digest));");
}

Result<std::vector<SweepWindow>> ReadSweepWindows(PgConnection& conn, const std::string& key,
                                                  const std::string& tier,
                                                  const std::string& corpus_digest) {
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(
      conn.Query("SELECT result::text FROM skyseed.sweep_window WHERE sweep_key = $1 AND tier = $2 "
                 "AND corpus_digest = $3 ORDER BY clients, rep",
                 {key, tier, corpus_digest}, &r));
  std::vector<SweepWindow> windows;
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
  return conn.Query(
      "INSERT INTO skyseed.sweep_window (sweep_key, tier, corpus_digest, clients, rep, result) "
      "VALUES ($1, $2, $3, $4, $5, $6::jsonb) ON CONFLICT (sweep_key, tier, corpus_digest, "
      "clients, rep) DO UPDATE SET result = EXCLUDED.result, measured_at = now()",
      {key, w.tier, corpus_digest, std::to_string(w.clients), std::to_string(w.rep),
       WindowToJson(w).dump()},
      &r);
}

Status RecordTierSweep(PgConnection& conn, const std::string& key, const TierSweep& t) {
  PgResult r;
  return conn.Query(
      "INSERT INTO skyseed.sweep_tier (sweep_key, tier, corpus_digest, database_size, finding, "
      "explain) VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb) ON CONFLICT (sweep_key, tier, "
      "corpus_digest) DO UPDATE SET database_size = EXCLUDED.database_size, finding = "
      "EXCLUDED.finding, explain = EXCLUDED.explain, measured_at = now()",
      {key, t.tier, t.corpus_digest, std::to_string(t.database_size),
       FindingToJson(t.finding).dump(), json(t.explain).dump()},
      &r);
}

Result<std::vector<SweepRecord>> ReadSweepRecords(PgConnection& conn) {
  SKYSEED_ASSIGN_OR_RETURN(bool exist, SweepTablesExist(conn));
  std::vector<SweepRecord> records;
  if (!exist) return records;
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(
      conn.Query("SELECT sweep_key, tier, corpus_digest, database_size, finding::text FROM "
                 "skyseed.sweep_tier ORDER BY sweep_key, database_size",
                 &r));
  for (int i = 0; i < r.rows(); ++i) {
    if (records.empty() || records.back().key != r.text(i, 0)) {
      records.push_back({r.text(i, 0), json::object(), {}});
    }
    TierSweep t;
    t.tier = r.text(i, 1);
    t.corpus_digest = r.text(i, 2);
    t.database_size = r.int64(i, 3);
    SKYSEED_ASSIGN_OR_RETURN(json finding, ParseJson(r.text(i, 4)));
    t.finding.saturated = finding.value("saturated", false);
    t.finding.reason = finding.value("reason", "");
    t.finding.limit = LimitKindFromName(finding.value("limit", ""));
    SKYSEED_ASSIGN_OR_RETURN(std::vector<SweepWindow> w,
                             ReadSweepWindows(conn, records.back().key, t.tier, t.corpus_digest));
    t.windows = w;
    records.back().tiers.push_back(t);
  }
  return records;
}

}  // namespace skyseed
