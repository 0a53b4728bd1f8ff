#include "schema/corpus_schema.h"

namespace skyseed {

std::string QuoteIdentifierOffline(std::string_view name) {
  std::string out = "\"";
  for (char c : name) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

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
  return {name, &t, IndexKind::kGist,
          "CREATE INDEX " + q(name) + " ON " + QualifiedName(t, q) + " USING gist (" +
              expression + ")",
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

}  // namespace

std::vector<IndexDef> CorpusIndexes(const QuoteFn& q) {
  const TableDef& obscore = *FindTable("ivoa.obscore");
  const TableDef& source = *FindTable("gaia.gaia_source");
  return {
      PrimaryKey(obscore, q),
      Btree(obscore, q, "obscore_obs_id_idx", "obs_id"),
      Gist(obscore, q, "obscore_s_point_idx",
           "spoint(radians(" + q("s_ra") + "), radians(" + q("s_dec") + "))"),
      Gist(obscore, q, "obscore_s_region_idx", Cast(q("s_region"), "spoly")),
      PrimaryKey(source, q),
      Gist(source, q, "gaia_source_pos_idx",
           "spoint(radians(" + q("ra") + "), radians(" + q("dec") + "))"),
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
  const TableDef& obscore = *FindTable("ivoa.obscore");
  const TableDef& source = *FindTable("gaia.gaia_source");
  sql += "CREATE VIEW " + q("ivoa") + "." + q("obscore_sphere") + " AS SELECT o.*, spoint(radians(o." +
         q("s_ra") + "), radians(o." + q("s_dec") + ")) AS s_point, (o." + q("s_region") +
         "::spoly) AS s_region_poly FROM " + QualifiedName(obscore, q) + " o;\n";
  sql += "CREATE VIEW " + q("gaia") + "." + q("gaia_source_sphere") +
         " AS SELECT s.*, spoint(radians(s." + q("ra") + "), radians(s." + q("dec") +
         ")) AS pos FROM " + QualifiedName(source, q) + " s;\n";
  return sql;
}

std::string ManifestDdl(const QuoteFn& q) {
  const std::string s = q("skyseed") + ".";
  return "CREATE SCHEMA IF NOT EXISTS " + q("skyseed") + ";\n"
         "CREATE TABLE " + s + "corpus (\n"
         "  seed bigint NOT NULL, generator_version text NOT NULL,\n"
         "  created_at timestamptz NOT NULL DEFAULT now(),\n"
         "  one_row boolean PRIMARY KEY DEFAULT true CHECK (one_row));\n"
         "CREATE TABLE " + s + "chunk_ledger (\n"
         "  table_name text NOT NULL, first_row bigint NOT NULL, row_count bigint NOT NULL,\n"
         "  digest text NOT NULL, committed_at timestamptz NOT NULL DEFAULT now(),\n"
         "  PRIMARY KEY (table_name, first_row));\n"
         "CREATE TABLE " + s + "index_stash (\n"
         "  index_name text PRIMARY KEY, table_name text NOT NULL, definition text NOT NULL,\n"
         "  stashed_at timestamptz NOT NULL DEFAULT now());\n"
         "CREATE TABLE " + s + "shard_plan (\n"
         "  tier text NOT NULL, chunk_rows bigint NOT NULL, shards integer NOT NULL,\n"
         "  one_row boolean PRIMARY KEY DEFAULT true CHECK (one_row));\n"
         "CREATE TABLE " + s + "tier (\n"
         "  tier text PRIMARY KEY, reached_at timestamptz NOT NULL DEFAULT now(),\n"
         "  seconds double precision NOT NULL, corpus_digest text NOT NULL,\n"
         "  database_size bigint NOT NULL, pg_version text NOT NULL, phases jsonb NOT NULL);\n"
         "CREATE TABLE " + s + "tier_table (\n"
         "  tier text NOT NULL REFERENCES " + s + "tier ON DELETE CASCADE,\n"
         "  table_name text NOT NULL, rows bigint NOT NULL, digest text NOT NULL,\n"
         "  table_size bigint NOT NULL, indexes_size bigint NOT NULL,\n"
         "  index_table_ratio double precision NOT NULL, PRIMARY KEY (tier, table_name));\n";
}

}  // namespace skyseed
