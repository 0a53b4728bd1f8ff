#include "schema/tap_schema.h"

#include <algorithm>

namespace skyseed {
namespace {

std::string Table(const QuoteFn& q, const char* name) { return q(kTapSchema) + "." + q(name); }

// Columns an index of the profile reads (IndexDef::columns): what
// TAP_SCHEMA.columns.indexed promises.
bool Indexed(const TableDef& t, const ColumnDecl& c, const std::vector<IndexDef>& indexes) {
  return std::any_of(indexes.begin(), indexes.end(), [&](const IndexDef& i) {
    return i.table == &t &&
           std::find(i.columns.begin(), i.columns.end(), c.name) != i.columns.end();
  });
}

std::string Flag(bool b) { return b ? "1" : "0"; }

}  // namespace

TapType TapTypeOf(const TableDef& t, const ColumnDecl& c) {
  if (t.footprint_column && c.name == t.footprint_column) return {"char", "*", "adql:REGION"};
  switch (c.type) {
    case PgType::kInt2:
      return {"short", "", ""};
    case PgType::kInt4:
      return {"int", "", ""};
    case PgType::kInt8:
      return {"long", "", ""};
    case PgType::kFloat4:
      return {"float", "", ""};
    case PgType::kFloat8:
      return {"double", "", ""};
    case PgType::kText:
      return {"char", "*", ""};
  }
  return {"char", "*", ""};
}

std::string TapSchemaDdl(const QuoteFn& q) {
  return "CREATE SCHEMA " + q(kTapSchema) + ";\n" + "COMMENT ON SCHEMA " + q(kTapSchema) +
         " IS 'skyseed: TAP 1.1 metadata of the corpus under its standard names';\n" +
         "CREATE TABLE " + Table(q, "schemas") +
         " (schema_name varchar NOT NULL PRIMARY KEY, utype varchar, description varchar, "
         "schema_index integer);\n" +
         "CREATE TABLE " + Table(q, "tables") +
         " (schema_name varchar NOT NULL, table_name varchar NOT NULL PRIMARY KEY, "
         "table_type varchar NOT NULL, utype varchar, description varchar, table_index "
         "integer);\n" +
         "CREATE TABLE " + Table(q, "columns") +
         " (table_name varchar NOT NULL, column_name varchar NOT NULL, datatype varchar NOT "
         "NULL, arraysize varchar, xtype varchar, \"size\" integer, description varchar, utype "
         "varchar, unit varchar, ucd varchar, indexed integer NOT NULL, principal integer NOT "
         "NULL, std integer NOT NULL, column_index integer, PRIMARY KEY (table_name, "
         "column_name));\n" +
         "CREATE TABLE " + Table(q, "keys") +
         " (key_id varchar NOT NULL PRIMARY KEY, from_table varchar NOT NULL, target_table "
         "varchar NOT NULL, utype varchar, description varchar);\n" +
         "CREATE TABLE " + Table(q, "key_columns") +
         " (key_id varchar NOT NULL, from_column varchar NOT NULL, target_column varchar NOT "
         "NULL);\n";
}

std::vector<TapRow> TapSchemaRows(const QuoteFn& q) {
  const std::vector<IndexDef> indexes = CorpusIndexes(QuoteIdentifierOffline);
  std::vector<TapRow> rows;
  const std::string schemas = "INSERT INTO " + Table(q, "schemas") +
                              " (schema_name, description, schema_index) VALUES ($1, $2, $3)";
  rows.push_back({TapTable::kSchemas, schemas, {kTapSchema, "TAP 1.1 metadata", "0"}});
  int table_index = 0;
  for (const TableDef& t : CorpusTables()) {
    const std::string name = std::string(t.schema) + "." + t.name;
    const bool obscore = t.footprint_column != nullptr;
    rows.push_back({TapTable::kSchemas,
                    schemas,
                    {t.schema,
                     obscore ? "The IVOA ObsCore 1.1 table of the skyseed corpus"
                             : "A Gaia DR3-like source catalogue of the skyseed corpus",
                     std::to_string(++table_index)}});
    rows.push_back({TapTable::kTables,
                    "INSERT INTO " + Table(q, "tables") +
                        " (schema_name, table_name, table_type, utype, description, table_index) "
                        "VALUES ($1, $2, 'view', $3, $4, $5)",
                    {t.schema, name, obscore ? "ivo://ivoa.net/std/ObsCore#core-1.1" : "",
                     std::string("skyseed's corpus table ") + kCorpusSchema + "." + t.name +
                         " under its standard name",
                     std::to_string(table_index)}});
    int column_index = 0;
    for (const ColumnDecl& c : t.columns) {
      if (c.meta.role == ColumnMeta::kBookkeeping) continue;
      const TapType type = TapTypeOf(t, c);
      rows.push_back({TapTable::kColumns,
                      "INSERT INTO " + Table(q, "columns") +
                          " (table_name, column_name, datatype, arraysize, xtype, description, "
                          "utype, unit, ucd, indexed, principal, std, column_index) VALUES ($1, "
                          "$2, $3, NULLIF($4, ''), NULLIF($5, ''), $6, NULLIF($7, ''), "
                          "NULLIF($8, ''), NULLIF($9, ''), $10, $11, $12, $13)",
                      {name, c.name, type.datatype, type.arraysize, type.xtype, c.meta.description,
                       c.meta.utype, c.meta.unit, c.meta.ucd, Flag(Indexed(t, c, indexes)),
                       Flag(c.meta.principal), Flag(c.meta.role == ColumnMeta::kStandard),
                       std::to_string(++column_index)}});
    }
  }
  return rows;
}

}  // namespace skyseed
