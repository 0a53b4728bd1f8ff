// Each TAP_SCHEMA row says which table it goes into (`skyseed tap-schema`
// counts the column rows by it), and says so truly.
#include "schema/tap_schema.h"

#include <gtest/gtest.h>

#include <map>
#include <set>

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

// TAP_SCHEMA.columns.indexed: the columns some index of the profile reads
// (both coordinates of the q3c and position indexes), as the profile in
// schema/corpus_schema.cc declares them.
TEST(TapSchema, IndexedColumnsAreTheOnesTheIndexesRead) {
  std::map<std::string, std::set<std::string>> indexed;
  for (const TapRow& row : TapSchemaRows(QuoteIdentifierOffline)) {
    if (row.table != TapTable::kColumns) continue;
    ASSERT_EQ(row.params.size(), 13u);
    if (row.params[9] == "1") indexed[row.params[0]].insert(row.params[1]);
  }
  EXPECT_EQ(indexed["ivoa.obscore"],
            (std::set<std::string>{"obs_id", "obs_publisher_did", "t_min", "t_max", "em_min",
                                   "em_max", "s_ra", "s_dec", "s_region"}));
  EXPECT_EQ(indexed["gaia.gaia_source"], (std::set<std::string>{"source_id", "ra", "dec"}));
}

}  // namespace
}  // namespace skyseed
