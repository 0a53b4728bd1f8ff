// The corpus DDL: the two catalogues (columns from their one declaration in
// generator/) in schema skyseed_corpus, their indexes, the views that present
// them under their standard names (ivoa.obscore, gaia.gaia_source), and the
// statements that move their rows. (The `skyseed` bookkeeping schema is
// schema/manifest_schema.h.)
//
// The footprint is a real pg_sphere spoly column, as TAP services query it
// (`s_region && scircle(...)`). pg_sphere types have no binary input and
// PostgreSQL refuses a binary COPY into any table holding one, so a chunk is
// COPYed in binary into a session-local staging table (the generator's
// columns, the footprint as its literal) and moved by one INSERT ... SELECT
// that casts it; the literal is kept beside the spoly so that verify reads
// back exactly what the generator wrote (a spoly printed again is not).
// docs/benchmarks/2026-12-grow-vs-floor.md ("How s_region is stored")
// compares this with the alternatives.
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

// An index's build class, declared with it: how it is built and how long a
// build takes (indexes/index_strategy.h orders and keeps builds by it).
enum class IndexKind {
  kPrimaryKey,   // a btree built as a unique index, then attached as the key
  kBtree,        // sorted build: far cheaper than inserting into it live
  kPointGist,    // pg_sphere GiST on an spoint: insertion-built
  kPolygonGist,  // pg_sphere GiST on an spoly: insertion-built, the longest build
};
// The queries an index serves, as a TAP service describes it (the DaCHS
// resource descriptor declares each by this).
enum class IndexUse {
  kColumn,      // equality and ranges on its one column
  kSpointCone,  // cones on the position, through pg_sphere
  kQ3cCone,     // cones on the position, through q3c
  kFootprint,   // overlaps with the footprint polygon
};
// Either of the GiSTs.
inline bool IsGist(IndexKind kind) {
  return kind == IndexKind::kPointGist || kind == IndexKind::kPolygonGist;
}

struct IndexDef {
  std::string name;
  const TableDef* table;
  IndexKind kind;
  std::string create_sql;
  std::string drop_sql;
  // The access method ("btree", "gist") and what it indexes (a quoted column
  // or an expression): with UnquotedIdentifier, what pg_get_indexdef prints
  // for the index, so a database's indexes can be checked against these.
  std::string method;
  std::string key;
  // The table's columns it reads (both coordinates of a position): the
  // columns TAP_SCHEMA calls indexed.
  std::vector<std::string> columns;
  IndexUse use = IndexUse::kColumn;
};

// Where the corpus tables live, whatever names they are presented under.
inline constexpr const char* kCorpusSchema = "skyseed_corpus";
// The column keeping a footprint's literal beside its spoly: "s_region_literal".
std::string LiteralColumn(const TableDef& t);

std::vector<IndexDef> CorpusIndexes(const QuoteFn& q);
// The extensions the corpus needs, with how Debian installs each: pg_sphere
// for the geometry, q3c for the point-cone indexes services use (DaCHS
// turns a cone on s_ra/s_dec into q3c_join).
struct ExtensionDef {
  const char* name;
  const char* debian_install;
};
const std::vector<ExtensionDef>& CorpusExtensions();
// A primary key is built in two statements rather than its create_sql (ADD
// PRIMARY KEY holds an exclusive lock for the whole build, so every other
// build of its table would wait): its unique index, under the ShareLock
// that lets the table's other builds run beside it (IF NOT EXISTS: a rerun
// finds it built), then, once they are done, the constraint attached to it
// (a moment's exclusive lock; the key column is NOT NULL, so no scan).
std::string PrimaryKeyIndexSql(const IndexDef& key, const QuoteFn& q);
std::string AttachPrimaryKeySql(const IndexDef& key, const QuoteFn& q);
// Schemas and tables of the corpus (no indexes, no views).
std::string CorpusTablesDdl(const QuoteFn& q);
// The views presenting the tables under their standard names: ivoa.obscore
// with exactly the ObsCore columns (no bookkeeping key, no literal), and
// gaia.gaia_source. Each carries a COMMENT starting "skyseed:", which is how
// skyseed knows a view is its own.
std::string StandardViewsDdl(const QuoteFn& q);
// The same for one table (its schema created if missing).
std::string StandardViewDdl(const TableDef& t, const QuoteFn& q);
// A view's query as pg_get_viewdef prints it, normalized (blanks, quotes and
// column qualifiers left out), and the declared one in that form: equal
// when a standard-name view is as skyseed declares it.
std::string NormalizedViewDefinition(const TableDef& t, const std::string& definition);
std::string DeclaredViewDefinition(const TableDef& t);
// Read access for a service's role: USAGE on the schemas, SELECT on the
// tables and the views, WITH GRANT OPTION (DaCHS's admin role grants read
// access on to its query roles). Never ownership, so no service can drop or
// change the corpus.
// `standard_views`: also on the views under the standard names (only where
// they are skyseed's; a service's own object there is its business).
std::string GrantReadSql(const std::string& role, const QuoteFn& q, bool standard_views);
// "ivoa"."obscore": the view under the standard name services know the
// table by (TableDef::standard_name, quoted).
std::string StandardViewName(const TableDef& t, const QuoteFn& q);
inline constexpr const char* kOwnViewComment = "skyseed:";
// "col1", "col2", ... in declaration order, for COPY column lists.
std::string ColumnList(const TableDef& t, const QuoteFn& q);
// "skyseed_corpus"."obscore": the table that holds the rows.
std::string PhysicalTableName(const TableDef& t, const QuoteFn& q);

// spoint(radians(ra), radians(dec)): the table's sky position.
std::string PositionExpression(const TableDef& t, const QuoteFn& q);
// q3c_ang2ipix(ra, dec): the key of q3c's cone searches (q3c_radial_query,
// q3c_join), in degrees.
std::string Q3cExpression(const TableDef& t, const QuoteFn& q);
// s_region: the table's footprint column (an spoly); t must have one.
std::string FootprintExpression(const TableDef& t, const QuoteFn& q);
// The row index its key encodes (TableDef::key_row_mask), as SQL.
std::string RowIndexExpression(const TableDef& t, const QuoteFn& q);

// COPY <target> (<columns>) FROM STDIN (FORMAT binary): the table itself, or
// its staging table when it has a footprint (see StagingSql).
std::string CopyInSql(const TableDef& t, const QuoteFn& q);
// For a table with a footprint, empty otherwise: creates the session's
// staging table when missing (its rows vanish at commit), and moves a staged
// chunk into the table.
struct StagingSql {
  std::string exists;  // SELECT to_regclass(...) IS NOT NULL
  std::string create;
  std::string move;  // INSERT INTO <table> (...) SELECT ... FROM <staging>
};
StagingSql StagingFor(const TableDef& t, const QuoteFn& q);
// COPY (SELECT <columns> FROM <table> WHERE <where>) TO STDOUT (FORMAT binary),
// the footprint read from its literal: exactly the generator's tuples.
std::string CopyOutSql(const TableDef& t, const QuoteFn& q, const std::string& where);
// SELECT count(*) of the rows matching `where` whose spoly is not their
// literal's polygon.
std::string FootprintMismatchSql(const TableDef& t, const QuoteFn& q, const std::string& where);

}  // namespace skyseed
