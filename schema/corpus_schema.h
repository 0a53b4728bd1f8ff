// The corpus DDL: the two catalogues (columns from their one declaration in
// generator/), their indexes, the views exposing pg_sphere geometry, and the
// `skyseed` schema holding the manifest (corpus row, chunk ledger, index
// stash, tier records).
//
// Why no stored geometry column: pg_sphere types have no binary input, and
// PostgreSQL refuses a binary COPY into any table holding such a column. The
// GiST indexes are therefore on expressions of stored columns:
//   spoint(radians(s_ra), radians(s_dec))   and   (s_region::spoly)
// and a query uses the same expression (directly or through the *_sphere
// views) so the planner picks the index.
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
// The skyseed manifest schema.
std::string ManifestDdl(const QuoteFn& q);
// "col1", "col2", ... in declaration order, for COPY column lists.
std::string ColumnList(const TableDef& t, const QuoteFn& q);
std::string QualifiedName(const TableDef& t, const QuoteFn& q);

}  // namespace skyseed
