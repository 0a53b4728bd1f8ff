#include "store/manifest_store.h"

#include <cstdlib>
#include <map>

#include "common/fault_point.h"

namespace skyseed {
namespace {

// The rows of a SELECT of a manifest table (SelectSql), read by the column
// names the table declares, so a column added to or moved in the
// declaration cannot shift what another field reads.
class Records {
 public:
  // Corruption naming the first declared column the result lacks.
  static Result<Records> Of(const PgResult& r, const ManifestTable& t) {
    Records out(r);
    for (const ManifestColumn& c : t.columns) {
      if (c.name == nullptr || !c.read) continue;
      const int at = r.column(c.name);
      if (at < 0) {
        return Status::Corruption(t.qualified_name() + " was read without its column " + c.name);
      }
      out.at_[c.name] = at;
    }
    return out;
  }
  int rows() const { return r_->rows(); }
  std::string text(int row, const std::string& column) const {
    return r_->text(row, at_.at(column));
  }
  int64_t int64(int row, const std::string& column) const { return r_->int64(row, at_.at(column)); }

 private:
  explicit Records(const PgResult& r) : r_(&r) {}
  const PgResult* r_;
  std::map<std::string, int> at_;
};

// A float8 column read as text; false unless all of it is a number.
bool ParseDouble(const std::string& text, double* out) {
  char* end = nullptr;
  *out = std::strtod(text.c_str(), &end);
  return !text.empty() && end == text.c_str() + text.size();
}

Status ReadTierTables(PgConnection& conn, TierRecord* t) {
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(conn.Query(
      SelectSql(ManifestTierTable()) + " WHERE tier = $1 ORDER BY table_name DESC", {t->tier}, &r));
  SKYSEED_ASSIGN_OR_RETURN(const Records rows, Records::Of(r, ManifestTierTable()));
  for (int i = 0; i < rows.rows(); ++i) {
    TierTableRecord rec;
    rec.table = rows.text(i, "table_name");
    rec.digest.rows = static_cast<uint64_t>(rows.int64(i, "rows"));
    rec.table_size = rows.int64(i, "table_size");
    rec.indexes_size = rows.int64(i, "indexes_size");
    if (!Digest128::FromHex(rows.text(i, "digest"), &rec.digest.sum) ||
        !ParseDouble(rows.text(i, "index_table_ratio"), &rec.index_table_ratio)) {
      return Status::Corruption("skyseed.tier_table holds a malformed record of " + rec.table +
                                " in tier " + t->tier);
    }
    t->tables.push_back(rec);
  }
  return Status::Ok();
}

// An object skyseed is about to create must not exist: refuse, naming what
// is there ("a view", "a table") and how to go on.
Status RefuseForeign(PgConnection& conn, const std::string& name, const std::string& hint) {
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(conn.Query(
      "SELECT CASE c.relkind WHEN 'r' THEN 'a table' WHEN 'v' THEN 'a view' WHEN 'm' THEN "
      "'a materialized view' WHEN 'p' THEN 'a partitioned table' WHEN 'f' THEN 'a foreign "
      "table' ELSE 'an object' END FROM pg_class c WHERE c.oid = to_regclass($1)",
      {name}, &r));
  if (r.rows() == 0) return Status::Ok();
  return Status::InvalidArgument("database already has " + r.text(0, 0) + " " + name +
                                 " that skyseed did not create; refusing to touch it" + hint);
}

// The tables of the skyseed schema are skyseed's when they have the columns
// it declares, in order: a table someone else made under one of its names
// is refused (exit 2, named) before a statement of skyseed's meets it.
Status RefuseForeignManifestTables(PgConnection& conn) {
  std::string names;
  for (const ManifestTable* t : ManifestTables()) {
    if (!names.empty()) names += ',';
    names += t->name;
  }
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(conn.Query(
      "SELECT c.relname, c.relkind = 'r', coalesce(string_agg(a.attname, ',' ORDER BY a.attnum), "
      "'') FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace LEFT JOIN pg_attribute a "
      "ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped WHERE n.nspname = $1 AND "
      "c.relname = ANY (string_to_array($2, ',')) GROUP BY c.relname, c.relkind",
      {kManifestSchema, names}, &r));
  for (int i = 0; i < r.rows(); ++i) {
    for (const ManifestTable* t : ManifestTables()) {
      if (r.text(i, 0) != t->name) continue;
      std::string declared;
      for (const ManifestColumn& c : t->columns) {
        if (c.name == nullptr) continue;
        if (!declared.empty()) declared += ',';
        declared += c.name;
      }
      if (r.text(i, 1) == "t" && r.text(i, 2) == declared) continue;
      SKYSEED_RETURN_IF_ERROR(
          RefuseForeign(conn, t->qualified_name(),
                        " (its columns are not skyseed's; is this the database skyseed grew?)"));
    }
  }
  return Status::Ok();
}

}  // namespace

Result<CorpusIdentity> ReadCorpusIdentity(PgConnection& conn) {
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(conn.Query("SELECT " + ManifestTableExistsSql(ManifestCorpus()), &r));
  if (r.text(0, 0) != "t") return Status::NotFound("no skyseed corpus in this database");
  SKYSEED_RETURN_IF_ERROR(RefuseForeignManifestTables(conn));
  SKYSEED_RETURN_IF_ERROR(conn.Query(SelectSql(ManifestCorpus()), &r));
  SKYSEED_ASSIGN_OR_RETURN(const Records rows, Records::Of(r, ManifestCorpus()));
  if (rows.rows() != 1) return Status::Corruption("skyseed.corpus does not hold exactly one row");
  return CorpusIdentity{static_cast<uint64_t>(rows.int64(0, "seed")),
                        rows.text(0, "generator_version")};
}

Result<CorpusIdentity> RequireCorpusIdentity(PgConnection& conn) {
  Result<CorpusIdentity> id = ReadCorpusIdentity(conn);
  if (id.ok() || id.status().code() != Status::Code::kNotFound) return id;
  return Status::InvalidArgument(id.status().message() +
                                 " (is this the database skyseed grew? check --db / --database)");
}

Status CheckCorpusIdentity(const CorpusIdentity& id, uint64_t seed) {
  if (id.generator_version != kGeneratorVersion) {
    return Status::InvalidArgument("database was grown by generator " + id.generator_version +
                                   ", this skyseed generates " + kGeneratorVersion +
                                   "; refusing to mix corpora (use a fresh database)");
  }
  if (id.seed != seed) {
    return Status::InvalidArgument("database holds the corpus of seed " + std::to_string(id.seed) +
                                   ", not " + std::to_string(seed) +
                                   "; refusing to mix corpora (pass --seed " +
                                   std::to_string(id.seed) + " or use another database)");
  }
  return Status::Ok();
}

// True when every standard name holds skyseed's own view.
Result<bool> PresentsStandardNames(PgConnection& conn) {
  const QuoteFn q = conn.IdentQuoter();
  for (const TableDef& t : CorpusTables()) {
    PgResult r;
    SKYSEED_RETURN_IF_ERROR(
        conn.Query("SELECT coalesce(obj_description(to_regclass($1), 'pg_class'), '') LIKE $2",
                   {StandardViewName(t, q), std::string(kOwnViewComment) + "%"}, &r));
    if (r.text(0, 0) != "t") return false;
  }
  return true;
}

Status CreateCorpus(PgConnection& conn, uint64_t seed, bool standard_names) {
  const QuoteFn q = conn.IdentQuoter();
  // No skyseed.corpus, so any table of the skyseed schema is someone else's.
  for (const ManifestTable* t : ManifestTables()) {
    SKYSEED_RETURN_IF_ERROR(RefuseForeign(conn, t->qualified_name(), ""));
  }
  std::vector<StandardViewRecord> views;
  for (const TableDef& t : CorpusTables()) {
    if (!standard_names) break;
    PgResult r;
    SKYSEED_RETURN_IF_ERROR(conn.Query("SELECT to_regnamespace($1) IS NULL", {q(t.schema)}, &r));
    views.push_back(
        {t.standard_name(), std::string(kCorpusSchema) + "." + t.name, r.text(0, 0) == "t"});
  }
  for (const TableDef& t : CorpusTables()) {
    SKYSEED_RETURN_IF_ERROR(RefuseForeign(conn, PhysicalTableName(t, q), ""));
    if (standard_names) {
      SKYSEED_RETURN_IF_ERROR(RefuseForeign(
          conn, StandardViewName(t, q),
          "; pass --standard-names none to leave the name to it (DaCHS builds its own "
          "ivoa.obscore view), or drop it"));
    }
  }
  return conn
      .InTransaction([&]() -> Status {
        SKYSEED_RETURN_IF_ERROR(conn.Exec(
            CorpusTablesDdl(q) + (standard_names ? StandardViewsDdl(q) : "") + ManifestDdl(q)));
        SKYSEED_RETURN_IF_ERROR(conn.Query(InsertSql(ManifestCorpus()),
                                           {std::to_string(seed), kGeneratorVersion}, nullptr));
        for (const IndexDef& idx : CorpusIndexes(q)) SKYSEED_RETURN_IF_ERROR(StashIndex(conn, idx));
        for (const StandardViewRecord& v : views)
          SKYSEED_RETURN_IF_ERROR(RecordStandardView(conn, v));
        return Status::Ok();
      })
      .Annotate("creating the corpus schema");
}

Result<StandardViewRecords> ReadStandardViews(PgConnection& conn) {
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(
      conn.Query("SELECT " + ManifestTableExistsSql(ManifestStandardView()), &r));
  StandardViewRecords out;
  out.kept = r.text(0, 0) == "t";
  if (!out.kept) return out;
  SKYSEED_RETURN_IF_ERROR(
      conn.Query(SelectSql(ManifestStandardView()) + " ORDER BY view_name", &r));
  SKYSEED_ASSIGN_OR_RETURN(const Records rows, Records::Of(r, ManifestStandardView()));
  for (int i = 0; i < rows.rows(); ++i) {
    out.views.push_back({rows.text(i, "view_name"), rows.text(i, "table_name"),
                         rows.text(i, "schema_created") == "t"});
  }
  return out;
}

Result<bool> AddStandardViewTable(PgConnection& conn) {
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(
      conn.Query("SELECT " + ManifestTableExistsSql(ManifestStandardView()), &r));
  if (r.text(0, 0) == "t") return false;
  SKYSEED_RETURN_IF_ERROR(
      conn.Exec(ManifestTableDdlIfMissing(ManifestStandardView(), conn.IdentQuoter())));
  return true;
}

Status RecordStandardView(PgConnection& conn, const StandardViewRecord& v) {
  return conn.Query(InsertSql(ManifestStandardView()) + " ON CONFLICT (view_name) DO NOTHING",
                    {v.view_name, v.table_name, v.schema_created ? "true" : "false"}, nullptr);
}

Status ForgetStandardView(PgConnection& conn, const std::string& view_name) {
  return conn.Query(
      "DELETE FROM " + ManifestStandardView().qualified_name() + " WHERE view_name = $1",
      {view_name}, nullptr);
}

Result<std::vector<LedgerEntry>> ReadLedger(PgConnection& conn) {
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(
      conn.Query(SelectSql(ManifestChunkLedger()) + " ORDER BY table_name, first_row", &r));
  SKYSEED_ASSIGN_OR_RETURN(const Records rows, Records::Of(r, ManifestChunkLedger()));
  std::vector<LedgerEntry> out;
  for (int i = 0; i < rows.rows(); ++i) {
    LedgerEntry e{rows.text(i, "table_name"),
                  {static_cast<uint64_t>(rows.int64(i, "first_row")),
                   static_cast<uint64_t>(rows.int64(i, "row_count"))},
                  {}};
    if (!Digest128::FromHex(rows.text(i, "digest"), &e.digest)) {
      return Status::Corruption("chunk ledger holds a malformed digest for " + e.table);
    }
    out.push_back(e);
  }
  return out;
}

Status InsertLedgerEntry(PgConnection& conn, const LedgerEntry& e) {
  return conn.Query(
      InsertSql(ManifestChunkLedger()),
      {e.table, std::to_string(e.range.first), std::to_string(e.range.count), e.digest.Hex()},
      nullptr);
}

Result<std::vector<StashEntry>> ReadStash(PgConnection& conn) {
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(conn.Query(SelectSql(ManifestIndexStash()) + " ORDER BY index_name", &r));
  SKYSEED_ASSIGN_OR_RETURN(const Records rows, Records::Of(r, ManifestIndexStash()));
  std::vector<StashEntry> out;
  for (int i = 0; i < rows.rows(); ++i) {
    out.push_back(
        {rows.text(i, "index_name"), rows.text(i, "table_name"), rows.text(i, "definition")});
  }
  return out;
}

Status StashIndex(PgConnection& conn, const IndexDef& index) {
  return conn.Query(InsertSql(ManifestIndexStash()) + " ON CONFLICT (index_name) DO NOTHING",
                    {index.name, index.table->standard_name(), index.create_sql}, nullptr);
}

Status UnstashIndex(PgConnection& conn, const std::string& index_name) {
  return conn.Query(
      "DELETE FROM " + ManifestIndexStash().qualified_name() + " WHERE index_name = $1",
      {index_name}, nullptr);
}

Result<ShardPlan> ClaimShardPlan(PgConnection& conn, const ShardPlan& mine) {
  SKYSEED_RETURN_IF_ERROR(conn.Query(
      InsertSql(ManifestShardPlan()) + " ON CONFLICT (one_row) DO NOTHING",
      {mine.tier, std::to_string(mine.chunk_rows), std::to_string(mine.shards)}, nullptr));
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(conn.Query(SelectSql(ManifestShardPlan()), &r));
  SKYSEED_ASSIGN_OR_RETURN(const Records rows, Records::Of(r, ManifestShardPlan()));
  if (rows.rows() != 1) {
    return Status::Corruption("skyseed.shard_plan does not hold exactly one row");
  }
  return ShardPlan{rows.text(0, "tier"), static_cast<uint64_t>(rows.int64(0, "chunk_rows")),
                   static_cast<int>(rows.int64(0, "shards"))};
}

Result<std::vector<TierRecord>> ReadTiers(PgConnection& conn) {
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(conn.Query(SelectSql(ManifestTier()) + " ORDER BY reached_at, tier", &r));
  SKYSEED_ASSIGN_OR_RETURN(const Records rows, Records::Of(r, ManifestTier()));
  std::vector<TierRecord> out;
  for (int i = 0; i < rows.rows(); ++i) {
    TierRecord t;
    t.tier = rows.text(i, "tier");
    t.reached_at = rows.text(i, "reached_at");
    t.database_size = rows.int64(i, "database_size");
    t.pg_version = rows.text(i, "pg_version");
    // A record whose phases do not parse is still a record: the report
    // says it has none, status refuses it.
    Result<PhaseTimes> phases = PhaseTimesFromJson(rows.text(i, "phases"));
    t.phases_recorded = phases.ok();
    if (phases.ok()) t.phases = *phases;
    if (!ParseDouble(rows.text(i, "seconds"), &t.seconds) ||
        !Digest128::FromHex(rows.text(i, "corpus_digest"), &t.corpus)) {
      return Status::Corruption("skyseed.tier holds a malformed record of tier " + t.tier);
    }
    SKYSEED_RETURN_IF_ERROR(ReadTierTables(conn, &t));
    out.push_back(t);
  }
  return out;
}

Status RecordTier(PgConnection& conn, const TierRecord& t) {
  return conn
      .InTransaction([&]() -> Status {
        SKYSEED_RETURN_IF_ERROR(
            conn.Query(InsertSql(ManifestTier()),
                       {t.tier, std::to_string(t.seconds), t.corpus.Hex(),
                        std::to_string(t.database_size), t.pg_version, PhaseTimesToJson(t.phases)},
                       nullptr));
        SKYSEED_RETURN_IF_ERROR(conn.Exec("DELETE FROM " + ManifestShardPlan().qualified_name()));
        for (const TierTableRecord& rec : t.tables) {
          SKYSEED_RETURN_IF_ERROR(
              conn.Query(InsertSql(ManifestTierTable()),
                         {t.tier, rec.table, std::to_string(rec.digest.rows), rec.digest.sum.Hex(),
                          std::to_string(rec.table_size), std::to_string(rec.indexes_size),
                          std::to_string(rec.index_table_ratio)},
                         nullptr));
        }
        FaultPoint("tier-record");
        return Status::Ok();
      })
      .Annotate("recording tier " + t.tier);
}

std::string ManifestTableExistsSql(const ManifestTable& t) {
  return "to_regclass('" + t.qualified_name() + "') IS NOT NULL";
}

std::string CorpusOfSeedSql(uint64_t seed) {
  return "SELECT 1 FROM " + ManifestCorpus().qualified_name() +
         " WHERE seed = " + std::to_string(seed) + " AND generator_version = '" +
         kGeneratorVersion + "'";
}

std::string TierReachedRowsSql(const TableDef& table, uint64_t rows) {
  return "SELECT 1 FROM " + ManifestTierTable().qualified_name() + " WHERE table_name = '" +
         table.standard_name() + "' AND rows >= " + std::to_string(rows);
}

}  // namespace skyseed
