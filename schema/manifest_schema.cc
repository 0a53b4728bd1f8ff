#include "schema/manifest_schema.h"

namespace skyseed {
namespace {

// A column skyseed writes and reads back.
ManifestColumn Stored(const char* name, const char* type, bool ends_line = false) {
  return {.name = name, .type = type, .written = true, .read = true, .ends_line = ends_line};
}

// A column its DEFAULT fills, never written.
ManifestColumn Defaulted(const char* name, const char* type, bool ends_line = false) {
  return {.name = name, .type = type, .ends_line = ends_line};
}

ManifestColumn Constraint(const char* text) { return {.name = nullptr, .type = text}; }

// Read back in its text form.
ManifestColumn ReadAsText(ManifestColumn c) {
  c.read = true;
  c.read_cast = "text";
  return c;
}

// Sent as text, cast by the server.
ManifestColumn WrittenAs(const char* cast, ManifestColumn c) {
  c.write_cast = cast;
  return c;
}

// The key of a `table` row it belongs to: written, never read back (the
// store selects by it).
ManifestColumn ReferenceTo(const char* table, ManifestColumn c) {
  c.read = false;
  c.references = table;
  return c;
}

// The single-row tables' key: a second row is refused.
const char* const kOneRow = "boolean PRIMARY KEY DEFAULT true CHECK (one_row)";

std::string TableDdl(const ManifestTable& t, const std::string& schema_prefix,
                     const char* create = "CREATE TABLE ") {
  std::string sql = create + schema_prefix + t.name + " (\n  ";
  for (size_t i = 0; i < t.columns.size(); ++i) {
    const ManifestColumn& c = t.columns[i];
    if (c.name != nullptr) sql += std::string(c.name) + " ";
    sql += c.type;
    if (c.references != nullptr) {
      sql += std::string(" REFERENCES ") + schema_prefix + c.references + " ON DELETE CASCADE";
    }
    if (i + 1 == t.columns.size()) break;
    sql += c.ends_line ? ",\n  " : ", ";
  }
  return sql + ");\n";
}

}  // namespace

const ManifestTable& ManifestCorpus() {
  static const ManifestTable t{
      "corpus",
      {Stored("seed", "bigint NOT NULL"), Stored("generator_version", "text NOT NULL", true),
       Defaulted("created_at", "timestamptz NOT NULL DEFAULT now()", true),
       Defaulted("one_row", kOneRow)}};
  return t;
}

const ManifestTable& ManifestChunkLedger() {
  static const ManifestTable t{
      "chunk_ledger",
      {Stored("table_name", "text NOT NULL"), Stored("first_row", "bigint NOT NULL"),
       Stored("row_count", "bigint NOT NULL", true), Stored("digest", "text NOT NULL"),
       Defaulted("committed_at", "timestamptz NOT NULL DEFAULT now()", true),
       Constraint("PRIMARY KEY (table_name, first_row)")}};
  return t;
}

const ManifestTable& ManifestIndexStash() {
  static const ManifestTable t{
      "index_stash",
      {Stored("index_name", "text PRIMARY KEY"), Stored("table_name", "text NOT NULL"),
       Stored("definition", "text NOT NULL", true),
       Defaulted("stashed_at", "timestamptz NOT NULL DEFAULT now()")}};
  return t;
}

const ManifestTable& ManifestShardPlan() {
  static const ManifestTable t{
      "shard_plan",
      {Stored("tier", "text NOT NULL"), ReadAsText(Stored("chunk_rows", "bigint NOT NULL")),
       ReadAsText(Stored("shards", "integer NOT NULL", true)), Defaulted("one_row", kOneRow)}};
  return t;
}

const ManifestTable& ManifestTier() {
  static const ManifestTable t{
      "tier",
      {Stored("tier", "text PRIMARY KEY"),
       ReadAsText(Defaulted("reached_at", "timestamptz NOT NULL DEFAULT now()", true)),
       Stored("seconds", "double precision NOT NULL"),
       Stored("corpus_digest", "text NOT NULL", true), Stored("database_size", "bigint NOT NULL"),
       Stored("pg_version", "text NOT NULL"),
       WrittenAs("jsonb", ReadAsText(Stored("phases", "jsonb NOT NULL")))}};
  return t;
}

const ManifestTable& ManifestTierTable() {
  static const ManifestTable t{
      "tier_table",
      {ReferenceTo("tier", Stored("tier", "text NOT NULL", true)),
       Stored("table_name", "text NOT NULL"), Stored("rows", "bigint NOT NULL"),
       Stored("digest", "text NOT NULL", true), Stored("table_size", "bigint NOT NULL"),
       Stored("indexes_size", "bigint NOT NULL", true),
       Stored("index_table_ratio", "double precision NOT NULL"),
       Constraint("PRIMARY KEY (tier, table_name)")}};
  return t;
}

const ManifestTable& ManifestStandardView() {
  static const ManifestTable t{
      "standard_view",
      {Stored("view_name", "text PRIMARY KEY"), Stored("table_name", "text NOT NULL"),
       Stored("schema_created", "boolean NOT NULL")}};
  return t;
}

const std::vector<const ManifestTable*>& ManifestTables() {
  static const std::vector<const ManifestTable*> all = {
      &ManifestCorpus(), &ManifestChunkLedger(), &ManifestIndexStash(),  &ManifestShardPlan(),
      &ManifestTier(),   &ManifestTierTable(),   &ManifestStandardView()};
  return all;
}

std::string ManifestDdl(const QuoteFn& q) {
  const std::string prefix = q(kManifestSchema) + ".";
  std::string sql = "CREATE SCHEMA IF NOT EXISTS " + q(kManifestSchema) + ";\n";
  for (const ManifestTable* t : ManifestTables()) sql += TableDdl(*t, prefix);
  return sql;
}

std::string ManifestTableDdlIfMissing(const ManifestTable& t, const QuoteFn& q) {
  return TableDdl(t, q(kManifestSchema) + ".", "CREATE TABLE IF NOT EXISTS ");
}

std::string InsertSql(const ManifestTable& t) {
  std::string columns, values;
  int n = 0;
  for (const ManifestColumn& c : t.columns) {
    if (!c.written) continue;
    ++n;
    columns += (n == 1 ? "" : ", ") + std::string(c.name);
    values += (n == 1 ? "$" : ", $") + std::to_string(n);
    if (c.write_cast != nullptr) values += std::string("::") + c.write_cast;
  }
  return "INSERT INTO " + t.qualified_name() + " (" + columns + ") VALUES (" + values + ")";
}

std::string SelectSql(const ManifestTable& t) {
  std::string columns;
  for (const ManifestColumn& c : t.columns) {
    if (!c.read) continue;
    columns += (columns.empty() ? "" : ", ") + std::string(c.name);
    if (c.read_cast != nullptr) columns += std::string("::") + c.read_cast;
  }
  return "SELECT " + columns + " FROM " + t.qualified_name();
}

}  // namespace skyseed
