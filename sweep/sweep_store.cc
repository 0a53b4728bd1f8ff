#include "sweep/sweep_store.h"

#include "schema/manifest_schema.h"

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
  SKYSEED_RETURN_IF_ERROR(conn.Query("SELECT to_regclass($1) IS NOT NULL",
                                     {QuotedTableName(ManifestSweepTier(), conn.IdentQuoter())},
                                     &r));
  return r.text(0, 0) == "t";
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
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(
      conn.Query(SelectWhereSql(ManifestSweepWindow(), conn.IdentQuoter(),
                                {"sweep_key", "tier", "corpus_digest"}, {"clients", "rep"}),
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
  return conn.Query(UpsertSql(ManifestSweepWindow(), conn.IdentQuoter()),
                    {key, w.tier, corpus_digest, std::to_string(w.clients), std::to_string(w.rep),
                     WindowToJson(w).dump()},
                    &r);
}

Status UpdateSweepWindowResult(PgConnection& conn, const std::string& key,
                               const std::string& corpus_digest, const SweepWindow& w) {
  const ManifestTable& t = ManifestSweepWindow();
  const QuoteFn q = conn.IdentQuoter();
  std::string keys;
  for (const ManifestColumn& c : t.columns) {
    if (c.key) keys += (keys.empty() ? "" : ", ") + q(c.name);
  }
  // UpsertSql would fill measured_at afresh: this sets the result alone.
  PgResult r;
  return conn.Query(InsertSql(t, q) + " ON CONFLICT (" + keys + ") DO UPDATE SET " + q("result") +
                        " = EXCLUDED." + q("result"),
                    {key, w.tier, corpus_digest, std::to_string(w.clients), std::to_string(w.rep),
                     WindowToJson(w).dump()},
                    &r);
}

Status RecordTierSweep(PgConnection& conn, const std::string& key, const TierSweep& t) {
  PgResult r;
  return conn.Query(UpsertSql(ManifestSweepTier(), conn.IdentQuoter()),
                    {key, t.tier, t.corpus_digest, std::to_string(t.database_size),
                     FindingToJson(t.finding, t.missing_evidence).dump(), json(t.explain).dump()},
                    &r);
}

Result<std::vector<SweepRecord>> ReadSweepRecords(PgConnection& conn) {
  SKYSEED_ASSIGN_OR_RETURN(bool exist, SweepTablesExist(conn));
  std::vector<SweepRecord> records;
  if (!exist) return records;
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(conn.Query(
      SelectWhereSql(ManifestSweepTier(), conn.IdentQuoter(), {}, {"sweep_key", "database_size"}),
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
    // Absent from tiers recorded before the guard summary: unknown, not none.
    t.missing_evidence =
        finding.value("missing_evidence", std::vector<std::string>{"not recorded with this sweep"});
    SKYSEED_ASSIGN_OR_RETURN(std::vector<SweepWindow> w,
                             ReadSweepWindows(conn, records.back().key, t.tier, t.corpus_digest));
    t.windows = w;
    records.back().tiers.push_back(t);
  }
  return records;
}

}  // namespace skyseed
