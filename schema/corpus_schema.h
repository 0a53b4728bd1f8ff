// The corpus DDL: the two catalogues (columns from their one declaration in
// generator/), their indexes, the views exposing pg_sphere geometry, and the
// COPY statements that move their rows. (The `skyseed` bookkeeping schema is
// schema/manifest_schema.h.)
//
// Why no stored geometry column: pg_sphere types have no binary input, and
// PostgreSQL refuses a binary COPY into any table holding such a column. The
// GiST indexes are therefore on expressions of stored columns,
// PositionExpression and FootprintExpression below, and a query uses the
// same expression (directly or through the *_sphere views) so the planner
// picks the index.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "generator/corpus_tables.h"

namespace skyseed {

using QuoteFn = std::function<std::string(std::string_view)>;
// Standard identifier quoting, equal to PQescapeIdentifier for UTF-8 names;
// used only to print the DDL without a connection.
std::string QuoteIdentifierOffline(std::string_view name);
// The name as it is: for scripts skyseed writes, whose corpus names are all
// plain lower-case identifiers.
std::string UnquotedIdentifier(std::string_view name);

enum class IndexKind { kPrimaryKey, kBtree, kGist };

struct IndexDef {
  std::string name;
  const TableDef* table;
  IndexKind kind;
  std::string create_sql;
  std::string drop_sql;
};

std::vector<IndexDef> CorpusIndexes(const QuoteFn& q);
// Schemas, tables (no indexes) and views of the corpus.
std::string CorpusTablesDdl(const QuoteFn& q);
// "col1", "col2", ... in declaration order, for COPY column lists.
std::string ColumnList(const TableDef& t, const QuoteFn& q);
std::string QualifiedName(const TableDef& t, const QuoteFn& q);

// spoint(radians(ra), radians(dec)): the table's sky position.
std::string PositionExpression(const TableDef& t, const QuoteFn& q);
// (s_region::spoly): the table's footprint; t must have one.
std::string FootprintExpression(const TableDef& t, const QuoteFn& q);
// The row index its key encodes (TableDef::key_row_mask), as SQL.
std::string RowIndexExpression(const TableDef& t, const QuoteFn& q);

// COPY <table> (<columns>) FROM STDIN (FORMAT binary)
std::string CopyInSql(const TableDef& t, const QuoteFn& q);
// COPY (SELECT <columns> FROM <table> WHERE <where>) TO STDOUT (FORMAT binary)
std::string CopyOutSql(const TableDef& t, const QuoteFn& q, const std::string& where);

}  // namespace skyseed
