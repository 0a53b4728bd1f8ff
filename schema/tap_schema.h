// TAP 1.1 TAP_SCHEMA for services that read their metadata from the
// database: the standard names skyseed presents (ivoa.obscore,
// gaia.gaia_source) with every column's datatype, unit, UCD, utype,
// description and the indexed / principal / std flags, all from the one
// declaration of each column (generator/) and the index list (schema/).
#pragma once

#include <string>
#include <vector>

#include "schema/corpus_schema.h"

namespace skyseed {

inline constexpr const char* kTapSchema = "tap_schema";

// CREATE SCHEMA tap_schema and its five tables (schemas, tables, columns,
// keys, key_columns), commented as skyseed's.
std::string TapSchemaDdl(const QuoteFn& q);

// The TAP_SCHEMA table a row goes into.
enum class TapTable { kSchemas, kTables, kColumns };

// One INSERT with its parameters.
struct TapRow {
  TapTable table;
  std::string sql;
  std::vector<std::string> params;
};
// The rows describing the corpus under its standard names.
std::vector<TapRow> TapSchemaRows(const QuoteFn& q);

// VOTable datatype and arraysize of a column ("long", ""; "char", "*").
struct TapType {
  const char* datatype;
  const char* arraysize;
  const char* xtype;
};
TapType TapTypeOf(const TableDef& t, const ColumnDecl& c);

}  // namespace skyseed
