// Each TAP_SCHEMA row says which table it goes into (`skyseed tap-schema`
// counts the column rows by it), and says so truly.
#include "schema/tap_schema.h"

#include <gtest/gtest.h>

namespace skyseed {
namespace {

const char* TableName(TapTable t) {
  switch (t) {
    case TapTable::kSchemas:
      return "schemas";
    case TapTable::kTables:
      return "tables";
    case TapTable::kColumns:
      return "columns";
  }
  return "";
}

TEST(TapSchema, EachRowNamesTheTableItsInsertWrites) {
  for (const TapRow& row : TapSchemaRows(QuoteIdentifierOffline)) {
    const std::string target =
        std::string("INSERT INTO \"tap_schema\".\"") + TableName(row.table) + "\" (";
    EXPECT_EQ(row.sql.rfind(target, 0), 0u) << row.sql;
  }
}

TEST(TapSchema, OneColumnRowPerPublishedColumn) {
  size_t published = 0;
  for (const TableDef& t : CorpusTables()) {
    for (const ColumnDecl& c : t.columns) published += c.meta.role != ColumnMeta::kBookkeeping;
  }
  size_t column_rows = 0;
  for (const TapRow& row : TapSchemaRows(QuoteIdentifierOffline)) {
    column_rows += row.table == TapTable::kColumns;
  }
  EXPECT_GT(published, 0u);
  EXPECT_EQ(column_rows, published);
}

}  // namespace
}  // namespace skyseed
