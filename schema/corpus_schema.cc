#include "schema/corpus_schema.h"

#include <cstdint>

#include "generator/obscore_row.h"
#include "generator/source_row.h"

namespace skyseed {

std::string QuoteIdentifierOffline(std::string_view name) {
  std::string out = "\"";
  for (char c : name) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

std::string UnquotedIdentifier(std::string_view name) { return std::string(name); }

std::string PhysicalTableName(const TableDef& t, const QuoteFn& q) {
  return q(kCorpusSchema) + "." + q(t.name);
}

std::string StandardViewName(const TableDef& t, const QuoteFn& q) {
  return q(t.schema) + "." + q(t.name);
}

std::string LiteralColumn(const TableDef& t) {
  return std::string(t.footprint_column) + "_literal";
}

std::string ColumnList(const TableDef& t, const QuoteFn& q) {
  std::string out;
  for (const ColumnDecl& c : t.columns) out += (out.empty() ? "" : ", ") + q(c.name);
  return out;
}

namespace {

// A position's columns: ra, dec.
std::vector<std::string> PositionColumns(const TableDef& t) { return {t.ra_column, t.dec_column}; }

// kind: kPointGist or kPolygonGist, by what `expression` is; it reads
// `columns`.
IndexDef Gist(IndexKind kind, IndexUse use, const TableDef& t, const QuoteFn& q,
              const std::string& name, const std::string& expression,
              std::vector<std::string> columns) {
  const std::string qualified_index = q(kCorpusSchema) + "." + q(name);
  return {name,
          &t,
          kind,
          "CREATE INDEX " + q(name) + " ON " + PhysicalTableName(t, q) + " USING gist (" +
              expression + ")",
          "DROP INDEX IF EXISTS " + qualified_index,
          "gist",
          expression,
          std::move(columns),
          use};
}

IndexDef PrimaryKey(const TableDef& t, const QuoteFn& q) {
  const std::string name = std::string(t.name) + "_pkey";
  return {name,
          &t,
          IndexKind::kPrimaryKey,
          "ALTER TABLE " + PhysicalTableName(t, q) + " ADD CONSTRAINT " + q(name) +
              " PRIMARY KEY (" + q(t.key_column) + ")",
          "ALTER TABLE " + PhysicalTableName(t, q) + " DROP CONSTRAINT IF EXISTS " + q(name),
          "btree",
          q(t.key_column),
          {t.key_column}};
}

// On an expression of `columns`.
IndexDef Btree(const TableDef& t, const QuoteFn& q, const std::string& name, const std::string& key,
               std::vector<std::string> columns) {
  return {name,
          &t,
          IndexKind::kBtree,
          "CREATE INDEX " + q(name) + " ON " + PhysicalTableName(t, q) + " (" + key + ")",
          "DROP INDEX IF EXISTS " + q(kCorpusSchema) + "." + q(name),
          "btree",
          key,
          std::move(columns)};
}

// q3c's cone index on the position: a btree on the HEALPix-like pixel.
IndexDef Q3c(const TableDef& t, const QuoteFn& q, const std::string& name) {
  IndexDef index = Btree(t, q, name, Q3cExpression(t, q), PositionColumns(t));
  index.use = IndexUse::kQ3cCone;
  return index;
}

// On one column.
IndexDef BtreeOn(const TableDef& t, const QuoteFn& q, const std::string& name,
                 const std::string& column) {
  return Btree(t, q, name, q(column), {column});
}

// The columns of a table as `select` maps each declared one, comma-joined.
std::string MapColumns(const TableDef& t, const std::function<std::string(const ColumnDecl&)>& f) {
  std::string out;
  for (const ColumnDecl& c : t.columns) {
    if (!out.empty()) out += ", ";
    out += f(c);
  }
  return out;
}

bool IsFootprint(const TableDef& t, const ColumnDecl& c) {
  return t.footprint_column != nullptr && c.name == t.footprint_column;
}

std::string StagingName(const TableDef& t, const QuoteFn& q) {
  return q("pg_temp") + "." + q(std::string("skyseed_stage_") + t.name);
}

std::string ColumnDefinitions(const TableDef& t, const QuoteFn& q, bool staging) {
  std::string sql;
  for (const ColumnDecl& c : t.columns) {
    const bool spoly = !staging && IsFootprint(t, c);
    sql += "  " + q(c.name) + " " + (spoly ? "spoly" : PgTypeName(c.type)) +
           (c.nullable ? "" : " NOT NULL") + ",\n";
  }
  if (!staging && t.footprint_column) sql += "  " + q(LiteralColumn(t)) + " text NOT NULL,\n";
  sql.erase(sql.size() - 2, 1);  // the last comma
  return sql;
}

std::string EscapeLiteral(const std::string& text) {
  std::string out = "'";
  for (char c : text) {
    if (c == '\'') out += '\'';
    out += c;
  }
  return out + "'";
}

// "RA of the centre, ICRS [deg] (UCD pos.eq.ra; utype obscore:...)": what a
// person reading \d+ or a service reading pg_description should know.
std::string ColumnComment(const ColumnMeta& m) {
  std::string c = m.description;
  if (*m.unit) c += std::string(" [") + m.unit + "]";
  std::string props;
  if (*m.ucd) props += std::string("UCD ") + m.ucd;
  if (*m.utype) props += std::string(props.empty() ? "" : "; ") + "utype " + m.utype;
  if (!props.empty()) c += " (" + props + ")";
  return c;
}

// COMMENT ON every column of `relation`, which shows the table's columns.
std::string ColumnComments(const TableDef& t, const QuoteFn& q, const std::string& relation,
                           bool standard_only) {
  std::string sql;
  for (const ColumnDecl& c : t.columns) {
    if (standard_only && c.meta.role == ColumnMeta::kBookkeeping) continue;
    sql += "COMMENT ON COLUMN " + relation + "." + q(c.name) + " IS " +
           EscapeLiteral(ColumnComment(c.meta)) + ";\n";
  }
  return sql;
}

}  // namespace

std::string PositionExpression(const TableDef& t, const QuoteFn& q) {
  return "spoint(radians(" + q(t.ra_column) + "), radians(" + q(t.dec_column) + "))";
}

std::string Q3cExpression(const TableDef& t, const QuoteFn& q) {
  return "q3c_ang2ipix(" + q(t.ra_column) + ", " + q(t.dec_column) + ")";
}

std::string FootprintExpression(const TableDef& t, const QuoteFn& q) {
  return q(t.footprint_column);
}

std::string RowIndexExpression(const TableDef& t, const QuoteFn& q) {
  const std::string key = q(t.key_column);
  if (t.key_row_mask == UINT64_MAX) return key;
  return "(" + key + " & " + std::to_string(t.key_row_mask) + ")";
}

std::vector<IndexDef> CorpusIndexes(const QuoteFn& q) {
  const TableDef& obscore = CorpusTableWithId(kObsCoreTableId);
  const TableDef& source = CorpusTableWithId(kSourceTableId);
  return {
      // The profile of a production ObsCore service: the keys, the pg_sphere
      // GiSTs, q3c for point cones, and btrees on what ObsTAP queries filter.
      PrimaryKey(obscore, q),
      BtreeOn(obscore, q, "obscore_obs_id_idx", "obs_id"),
      BtreeOn(obscore, q, "obscore_obs_publisher_did_idx", "obs_publisher_did"),
      BtreeOn(obscore, q, "obscore_t_min_idx", "t_min"),
      BtreeOn(obscore, q, "obscore_t_max_idx", "t_max"),
      BtreeOn(obscore, q, "obscore_em_min_idx", "em_min"),
      BtreeOn(obscore, q, "obscore_em_max_idx", "em_max"),
      Q3c(obscore, q, "obscore_q3c_idx"),
      Gist(IndexKind::kPointGist, IndexUse::kSpointCone, obscore, q, "obscore_s_point_idx",
           PositionExpression(obscore, q), PositionColumns(obscore)),
      Gist(IndexKind::kPolygonGist, IndexUse::kFootprint, obscore, q, "obscore_s_region_idx",
           FootprintExpression(obscore, q), {obscore.footprint_column}),
      PrimaryKey(source, q),
      Q3c(source, q, "gaia_source_q3c_idx"),
      Gist(IndexKind::kPointGist, IndexUse::kSpointCone, source, q, "gaia_source_pos_idx",
           PositionExpression(source, q), PositionColumns(source)),
  };
}

const std::vector<ExtensionDef>& CorpusExtensions() {
  static const std::vector<ExtensionDef> extensions = {
      {"pg_sphere", "apt-get install postgresql-15-pgsphere, then scripts/mend-pgsphere.sh"},
      {"q3c", "apt-get install postgresql-15-q3c"}};
  return extensions;
}

std::string PrimaryKeyIndexSql(const IndexDef& key, const QuoteFn& q) {
  return "CREATE UNIQUE INDEX IF NOT EXISTS " + q(key.name) + " ON " +
         PhysicalTableName(*key.table, q) + " (" + key.key + ")";
}

std::string AttachPrimaryKeySql(const IndexDef& key, const QuoteFn& q) {
  return "ALTER TABLE " + PhysicalTableName(*key.table, q) + " ADD CONSTRAINT " + q(key.name) +
         " PRIMARY KEY USING INDEX " + q(key.name);
}

std::string CorpusTablesDdl(const QuoteFn& q) {
  std::string sql = "CREATE SCHEMA IF NOT EXISTS " + q(kCorpusSchema) + ";\n";
  for (const TableDef& t : CorpusTables()) {
    sql += "CREATE TABLE " + PhysicalTableName(t, q) + " (\n" + ColumnDefinitions(t, q, false) +
           ");\n";
    sql += ColumnComments(t, q, PhysicalTableName(t, q), false);
    if (t.footprint_column) {
      sql += "COMMENT ON COLUMN " + PhysicalTableName(t, q) + "." + q(LiteralColumn(t)) + " IS " +
             EscapeLiteral(std::string("the pg_sphere literal of ") + t.footprint_column +
                           ", as generated (what verify reads back)") +
             ";\n";
    }
  }
  return sql;
}

namespace {

// The columns a standard-name view shows: the table's, less its bookkeeping.
std::vector<std::string> ViewColumns(const TableDef& t) {
  std::vector<std::string> out;
  for (const ColumnDecl& c : t.columns) {
    if (c.meta.role != ColumnMeta::kBookkeeping) out.push_back(c.name);
  }
  return out;
}

}  // namespace

std::string StandardViewDdl(const TableDef& t, const QuoteFn& q) {
  std::string columns;
  for (const std::string& c : ViewColumns(t)) columns += (columns.empty() ? "" : ", ") + q(c);
  std::string sql = "CREATE SCHEMA IF NOT EXISTS " + q(t.schema) + ";\n";
  sql += "CREATE VIEW " + StandardViewName(t, q) + " AS SELECT " + columns + " FROM " +
         PhysicalTableName(t, q) + ";\n";
  sql += "COMMENT ON VIEW " + StandardViewName(t, q) + " IS " +
         EscapeLiteral(std::string(kOwnViewComment) + " the corpus table " + kCorpusSchema + "." +
                       t.name + " under its standard name") +
         ";\n";
  return sql + ColumnComments(t, q, StandardViewName(t, q), true);
}

std::string StandardViewsDdl(const QuoteFn& q) {
  std::string sql;
  for (const TableDef& t : CorpusTables()) sql += StandardViewDdl(t, q);
  return sql;
}

// pg_get_viewdef prints " SELECT obscore.dataproduct_type,\n    obscore.calib_level,
// ...\n   FROM skyseed_corpus.obscore;" (PostgreSQL 16 leaves the columns
// unqualified): without blanks, quotes and the "obscore." qualifiers, both
// read as below.
std::string NormalizedViewDefinition(const TableDef& t, const std::string& definition) {
  std::string out;
  for (char c : definition) {
    if (c != ' ' && c != '\n' && c != '\t' && c != '"') out += c;
  }
  const std::string qualifier = std::string(t.name) + ".";
  for (size_t at; (at = out.find(qualifier)) != std::string::npos;) out.erase(at, qualifier.size());
  return out;
}

std::string DeclaredViewDefinition(const TableDef& t) {
  std::string out = "SELECT";
  const std::vector<std::string> columns = ViewColumns(t);
  for (size_t i = 0; i < columns.size(); ++i) out += (i ? "," : "") + columns[i];
  return out + "FROM" + kCorpusSchema + "." + t.name + ";";
}

std::string GrantReadSql(const std::string& role, const QuoteFn& q, bool standard_views) {
  std::string sql =
      "GRANT USAGE ON SCHEMA " + q(kCorpusSchema) + " TO " + q(role) + " WITH GRANT OPTION;\n";
  for (const TableDef& t : CorpusTables()) {
    sql +=
        "GRANT SELECT ON " + PhysicalTableName(t, q) + " TO " + q(role) + " WITH GRANT OPTION;\n";
    if (!standard_views) continue;
    sql += "GRANT USAGE ON SCHEMA " + q(t.schema) + " TO " + q(role) + ";\n";
    sql += "GRANT SELECT ON " + StandardViewName(t, q) + " TO " + q(role) + " WITH GRANT OPTION;\n";
  }
  return sql;
}

std::string CopyInSql(const TableDef& t, const QuoteFn& q) {
  const std::string target = t.footprint_column ? StagingName(t, q) : PhysicalTableName(t, q);
  return "COPY " + target + " (" + ColumnList(t, q) + ") FROM STDIN (FORMAT binary)";
}

StagingSql StagingFor(const TableDef& t, const QuoteFn& q) {
  if (!t.footprint_column) return {};
  const std::string stage = StagingName(t, q);
  const std::string cast = MapColumns(t, [&](const ColumnDecl& c) {
    return IsFootprint(t, c) ? q(c.name) + "::spoly" : q(c.name);
  });
  return {"SELECT to_regclass(" + EscapeLiteral(stage) + ") IS NOT NULL",
          "CREATE TEMP TABLE " + stage + " (\n" + ColumnDefinitions(t, q, true) +
              ") ON COMMIT DELETE ROWS",
          "INSERT INTO " + PhysicalTableName(t, q) + " (" + ColumnList(t, q) + ", " +
              q(LiteralColumn(t)) + ") SELECT " + cast + ", " + q(t.footprint_column) + " FROM " +
              stage};
}

std::string CopyOutSql(const TableDef& t, const QuoteFn& q, const std::string& where) {
  const std::string columns = MapColumns(t, [&](const ColumnDecl& c) {
    return IsFootprint(t, c) ? q(LiteralColumn(t)) + " AS " + q(c.name) : q(c.name);
  });
  return "COPY (SELECT " + columns + " FROM " + PhysicalTableName(t, q) + " WHERE " + where +
         ") TO STDOUT (FORMAT binary)";
}

std::string FootprintMismatchSql(const TableDef& t, const QuoteFn& q, const std::string& where) {
  return "SELECT count(*) FROM " + PhysicalTableName(t, q) + " WHERE " + where + " AND NOT (" +
         q(t.footprint_column) + " = " + q(LiteralColumn(t)) + "::spoly)";
}

}  // namespace skyseed
