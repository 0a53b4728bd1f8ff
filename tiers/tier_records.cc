// Reading and writing skyseed.tier / skyseed.tier_table (see database_manifest.h).
#include "tiers/database_manifest.h"

#include "common/fault_point.h"

namespace skyseed {

Result<std::vector<TierRecord>> ReadTiers(PgConnection& conn) {
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(conn.Query(
      "SELECT tier, reached_at::text, seconds, corpus_digest, database_size, pg_version, "
      "phases::text FROM skyseed.tier ORDER BY reached_at, tier", &r));
  std::vector<TierRecord> out;
  for (int i = 0; i < r.rows(); ++i) {
    TierRecord t;
    t.tier = r.text(i, 0);
    t.reached_at = r.text(i, 1);
    t.seconds = std::stod(r.text(i, 2));
    Digest128::FromHex(r.text(i, 3), &t.corpus);
    t.database_size = r.int64(i, 4);
    t.pg_version = r.text(i, 5);
    t.phases_json = r.text(i, 6);
    PgResult tt;
    SKYSEED_RETURN_IF_ERROR(conn.Query(
        "SELECT table_name, rows, digest, table_size, indexes_size, index_table_ratio "
        "FROM skyseed.tier_table WHERE tier = $1 ORDER BY table_name DESC", {t.tier}, &tt));
    for (int j = 0; j < tt.rows(); ++j) {
      TierTableRecord rec;
      rec.table = tt.text(j, 0);
      rec.digest.rows = static_cast<uint64_t>(tt.int64(j, 1));
      Digest128::FromHex(tt.text(j, 2), &rec.digest.sum);
      rec.table_size = tt.int64(j, 3);
      rec.indexes_size = tt.int64(j, 4);
      rec.index_table_ratio = std::stod(tt.text(j, 5));
      t.tables.push_back(rec);
    }
    out.push_back(t);
  }
  return out;
}

Status RecordTier(PgConnection& conn, const TierRecord& t) {
  return conn
      .InTransaction([&]() -> Status {
        SKYSEED_RETURN_IF_ERROR(conn.Query(
            "INSERT INTO skyseed.tier (tier, seconds, corpus_digest, database_size, pg_version, "
            "phases) VALUES ($1, $2, $3, $4, $5, $6::jsonb)",
            {t.tier, std::to_string(t.seconds), t.corpus.Hex(), std::to_string(t.database_size),
             t.pg_version, t.phases_json}, nullptr));
        // A finished tier ends any sharded growth of it.
        SKYSEED_RETURN_IF_ERROR(conn.Exec("DELETE FROM skyseed.shard_plan"));
        for (const TierTableRecord& rec : t.tables) {
          SKYSEED_RETURN_IF_ERROR(conn.Query(
              "INSERT INTO skyseed.tier_table (tier, table_name, rows, digest, table_size, "
              "indexes_size, index_table_ratio) VALUES ($1, $2, $3, $4, $5, $6, $7)",
              {t.tier, rec.table, std::to_string(rec.digest.rows), rec.digest.sum.Hex(),
               std::to_string(rec.table_size), std::to_string(rec.indexes_size),
               std::to_string(rec.index_table_ratio)}, nullptr));
        }
        FaultPoint("tier-record");
        return Status::Ok();
      })
      .Annotate("recording tier " + t.tier);
}

}  // namespace skyseed
