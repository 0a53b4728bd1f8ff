#include "schema/manifest_schema.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

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

// Part of the table's primary key.
ManifestColumn Key(ManifestColumn c) {
  c.key = true;
  return c;
}

// Written, never read back: the store selects by it.
ManifestColumn SelectedBy(ManifestColumn c) {
  c.read = false;
  return c;
}

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

// q(a), q(b), ... of the columns `select` picks, in declaration order.
std::string ColumnNames(const ManifestTable& t, const QuoteFn& q,
                        bool (*select)(const ManifestColumn&)) {
  std::string names;
  for (const ManifestColumn& c : t.columns) {
    if (c.name != nullptr && select(c)) names += (names.empty() ? "" : ", ") + q(c.name);
  }
  return names;
}

bool IsKey(const ManifestColumn& c) { return c.key; }

std::string TableDdl(const ManifestTable& t, const QuoteFn& q,
                     const char* create = "CREATE TABLE ") {
  const std::string schema_prefix = q(kManifestSchema) + ".";
  std::string sql = create + schema_prefix + q(t.name) + " (\n  ";
  for (size_t i = 0; i < t.columns.size(); ++i) {
    const ManifestColumn& c = t.columns[i];
    if (c.name != nullptr) sql += q(c.name) + " ";
    sql += c.type;
    if (c.references != nullptr) {
      sql += " REFERENCES " + schema_prefix + q(c.references) + " ON DELETE CASCADE";
    }
    if (i + 1 == t.columns.size()) break;
    sql += c.ends_line ? ",\n  " : ", ";
  }
  const std::string key = ColumnNames(t, q, IsKey);
  if (!key.empty())
    sql += (t.columns.back().ends_line ? ",\n  " : ", ") + ("PRIMARY KEY (" + key + ")");
  return sql + ");\n";
}

const ManifestColumn& DeclaredColumn(const ManifestTable& t, const std::string& name) {
  for (const ManifestColumn& c : t.columns) {
    if (c.name != nullptr && name == c.name) return c;
  }
  std::fprintf(stderr, "skyseed: %s declares no column %s\n", t.name, name.c_str());
  std::abort();
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
      {Key(Stored("table_name", "text NOT NULL")), Key(Stored("first_row", "bigint NOT NULL")),
       Stored("row_count", "bigint NOT NULL", true), Stored("digest", "text NOT NULL"),
       Defaulted("committed_at", "timestamptz NOT NULL DEFAULT now()", true)}};
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
      {Key(ReferenceTo("tier", Stored("tier", "text NOT NULL", true))),
       Key(Stored("table_name", "text NOT NULL")), Stored("rows", "bigint NOT NULL"),
       Stored("digest", "text NOT NULL", true), Stored("table_size", "bigint NOT NULL"),
       Stored("indexes_size", "bigint NOT NULL", true),
       Stored("index_table_ratio", "double precision NOT NULL")}};
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

const ManifestTable& ManifestSweepWindow() {
  static const ManifestTable t{
      "sweep_window",
      {Key(SelectedBy(Stored("sweep_key", "text NOT NULL"))),
       Key(SelectedBy(Stored("tier", "text NOT NULL"))),
       Key(SelectedBy(Stored("corpus_digest", "text NOT NULL", true))),
       Key(SelectedBy(Stored("clients", "integer NOT NULL"))),
       Key(SelectedBy(Stored("rep", "integer NOT NULL", true))),
       Defaulted("measured_at", "timestamptz NOT NULL DEFAULT now()"),
       WrittenAs("jsonb", ReadAsText(Stored("result", "jsonb NOT NULL", true)))}};
  return t;
}

const ManifestTable& ManifestSweepTier() {
  static const ManifestTable t{
      "sweep_tier",
      {Key(Stored("sweep_key", "text NOT NULL")), Key(Stored("tier", "text NOT NULL")),
       Key(Stored("corpus_digest", "text NOT NULL", true)),
       Stored("database_size", "bigint NOT NULL"),
       WrittenAs("jsonb", ReadAsText(Stored("finding", "jsonb NOT NULL"))),
       WrittenAs("jsonb", ReadAsText(Stored("explain", "jsonb NOT NULL", true))),
       Defaulted("measured_at", "timestamptz NOT NULL DEFAULT now()", true)}};
  return t;
}

const ManifestTable& ManifestSweepSetup() {
  static const ManifestTable t{
      "sweep_setup",
      {Key(Stored("sweep_key", "text NOT NULL", true)),
       Defaulted("measured_at", "timestamptz NOT NULL DEFAULT now()"),
       WrittenAs("jsonb", ReadAsText(Stored("setup", "jsonb NOT NULL", true)))}};
  return t;
}

const std::vector<const ManifestTable*>& SweepTables() {
  static const std::vector<const ManifestTable*> all = {
      &ManifestSweepWindow(), &ManifestSweepTier(), &ManifestSweepSetup()};
  return all;
}

std::string ManifestDdl(const QuoteFn& q) {
  std::string sql = "CREATE SCHEMA IF NOT EXISTS " + q(kManifestSchema) + ";\n";
  for (const ManifestTable* t : ManifestTables()) sql += TableDdl(*t, q);
  return sql;
}

std::string ManifestTableDdlIfMissing(const ManifestTable& t, const QuoteFn& q) {
  return TableDdl(t, q, "CREATE TABLE IF NOT EXISTS ");
}

std::string QuotedTableName(const ManifestTable& t, const QuoteFn& q) {
  return q(kManifestSchema) + "." + q(t.name);
}

std::string InsertSql(const ManifestTable& t, const QuoteFn& q) {
  std::string columns, values;
  int n = 0;
  for (const ManifestColumn& c : t.columns) {
    if (!c.written) continue;
    ++n;
    columns += (n == 1 ? "" : ", ") + q(c.name);
    values += (n == 1 ? "$" : ", $") + std::to_string(n);
    if (c.write_cast != nullptr) values += std::string("::") + c.write_cast;
  }
  return "INSERT INTO " + QuotedTableName(t, q) + " (" + columns + ") VALUES (" + values + ")";
}

std::string UpsertSql(const ManifestTable& t, const QuoteFn& q, bool refresh_defaults) {
  std::string set;
  for (const ManifestColumn& c : t.columns) {
    if (c.name == nullptr || c.key || (!c.written && !refresh_defaults)) continue;
    set += (set.empty() ? "" : ", ") + q(c.name) + " = ";
    set += c.written ? "EXCLUDED." + q(c.name) : std::string("DEFAULT");
  }
  return InsertSql(t, q) + " ON CONFLICT (" + ColumnNames(t, q, IsKey) + ") DO UPDATE SET " + set;
}

std::string SelectSql(const ManifestTable& t, const QuoteFn& q) {
  std::string columns;
  for (const ManifestColumn& c : t.columns) {
    if (!c.read) continue;
    columns += (columns.empty() ? "" : ", ") + q(c.name);
    if (c.read_cast != nullptr) columns += std::string("::") + c.read_cast;
  }
  return "SELECT " + columns + " FROM " + QuotedTableName(t, q);
}

std::string SelectWhereSql(const ManifestTable& t, const QuoteFn& q,
                           const std::vector<std::string>& equal,
                           const std::vector<std::string>& order_by) {
  std::string sql = SelectSql(t, q);
  for (size_t i = 0; i < equal.size(); ++i) {
    sql += (i == 0 ? " WHERE " : " AND ") + q(DeclaredColumn(t, equal[i]).name) + " = $" +
           std::to_string(i + 1);
  }
  for (size_t i = 0; i < order_by.size(); ++i) {
    sql += (i == 0 ? " ORDER BY " : ", ") + q(DeclaredColumn(t, order_by[i]).name);
  }
  return sql;
}

}  // namespace skyseed
