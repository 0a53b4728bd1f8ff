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

std::string QualifiedName(const TableDef& t, const QuoteFn& q) {
  return q(t.schema) + "." + q(t.name);
}

std::string ColumnList(const TableDef& t, const QuoteFn& q) {
  std::string out;
  for (const ColumnDecl& c : t.columns) out += (out.empty() ? "" : ", ") + q(c.name);
  return out;
}

namespace {

IndexDef Gist(const TableDef& t, const QuoteFn& q, const std::string& name,
              const std::string& expression) {
  const std::string qualified_index = q(t.schema) + "." + q(name);
  return {
      name, &t, IndexKind::kGist,
      "CREATE INDEX " + q(name) + " ON " + QualifiedName(t, q) + " USING gist (" + expression + ")",
      "DROP INDEX IF EXISTS " + qualified_index};
}

IndexDef PrimaryKey(const TableDef& t, const QuoteFn& q) {
  const std::string name = std::string(t.name) + "_pkey";
  return {name, &t, IndexKind::kPrimaryKey,
          "ALTER TABLE " + QualifiedName(t, q) + " ADD CONSTRAINT " + q(name) + " PRIMARY KEY (" +
              q(t.key_column) + ")",
          "ALTER TABLE " + QualifiedName(t, q) + " DROP CONSTRAINT IF EXISTS " + q(name)};
}

IndexDef Btree(const TableDef& t, const QuoteFn& q, const std::string& name,
               const std::string& column) {
  return {name, &t, IndexKind::kBtree,
          "CREATE INDEX " + q(name) + " ON " + QualifiedName(t, q) + " (" + q(column) + ")",
          "DROP INDEX IF EXISTS " + q(t.schema) + "." + q(name)};
}

// "(<expr>::<type>)", built by append: GCC 12 misreports "(" + std::string
// as an overlapping copy (-Wrestrict).
std::string Cast(const std::string& expr, const char* type) {
  std::string out = "(";
  out += expr;
  out += "::";
  out += type;
  out += ")";
  return out;
}

// Quotes with q, then prefixes the view's alias ("o." + "s_ra").
QuoteFn Aliased(const QuoteFn& q, const char* alias) {
  return [q, alias](std::string_view name) { return alias + q(name); };
}

}  // namespace

std::string PositionExpression(const TableDef& t, const QuoteFn& q) {
  return "spoint(radians(" + q(t.ra_column) + "), radians(" + q(t.dec_column) + "))";
}

std::string FootprintExpression(const TableDef& t, const QuoteFn& q) {
  return Cast(q(t.footprint_column), "spoly");
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
      PrimaryKey(obscore, q),
      Btree(obscore, q, "obscore_obs_id_idx", "obs_id"),
      Gist(obscore, q, "obscore_s_point_idx", PositionExpression(obscore, q)),
      Gist(obscore, q, "obscore_s_region_idx", FootprintExpression(obscore, q)),
      PrimaryKey(source, q),
      Gist(source, q, "gaia_source_pos_idx", PositionExpression(source, q)),
  };
}

std::string CorpusTablesDdl(const QuoteFn& q) {
  std::string sql;
  for (const TableDef& t : CorpusTables()) {
    sql += "CREATE SCHEMA IF NOT EXISTS " + q(t.schema) + ";\n";
    sql += "CREATE TABLE " + QualifiedName(t, q) + " (\n";
    for (size_t i = 0; i < t.columns.size(); ++i) {
      const ColumnDecl& c = t.columns[i];
      sql += "  " + q(c.name) + " " + PgTypeName(c.type) + (c.nullable ? "" : " NOT NULL") +
             (i + 1 < t.columns.size() ? ",\n" : "\n");
    }
    sql += ");\n";
  }
  const TableDef& obscore = CorpusTableWithId(kObsCoreTableId);
  const TableDef& source = CorpusTableWithId(kSourceTableId);
  sql += "CREATE VIEW " + q("ivoa") + "." + q("obscore_sphere") + " AS SELECT o.*, " +
         PositionExpression(obscore, Aliased(q, "o.")) + " AS s_point, " +
         FootprintExpression(obscore, Aliased(q, "o.")) + " AS s_region_poly FROM " +
         QualifiedName(obscore, q) + " o;\n";
  sql += "CREATE VIEW " + q("gaia") + "." + q("gaia_source_sphere") + " AS SELECT s.*, " +
         PositionExpression(source, Aliased(q, "s.")) + " AS pos FROM " + QualifiedName(source, q) +
         " s;\n";
  return sql;
}

std::string CopyInSql(const TableDef& t, const QuoteFn& q) {
  return "COPY " + QualifiedName(t, q) + " (" + ColumnList(t, q) + ") FROM STDIN (FORMAT binary)";
}

std::string CopyOutSql(const TableDef& t, const QuoteFn& q, const std::string& where) {
  return "COPY (SELECT " + ColumnList(t, q) + " FROM " + QualifiedName(t, q) + " WHERE " + where +
         ") TO STDOUT (FORMAT binary)";
}

}  // namespace skyseed
