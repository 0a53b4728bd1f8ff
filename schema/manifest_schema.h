// The `skyseed` schema: what a database records about its corpus (the seed
// and generator that made it, the committed chunks, the indexes set aside,
// the shard plan, the tiers reached, the capacity sweeps measured). Each
// table is declared once here; its DDL and the statements store/ and
// sweep_record/sweep_store.cc run on it all come from that declaration, every
// identifier through a QuoteFn.
#pragma once

#include <string>
#include <vector>

#include "schema/corpus_schema.h"

namespace skyseed {

inline constexpr const char* kManifestSchema = "skyseed";

struct ManifestColumn {
  const char* name;                  // nullptr for a table constraint, held in `type`
  const char* type;                  // type and column constraints, as in CREATE TABLE
  bool written = false;              // in skyseed's INSERT (not: a DEFAULT fills it)
  bool read = false;                 // in skyseed's SELECT
  const char* read_cast = nullptr;   // SELECT <name>::<read_cast>
  const char* write_cast = nullptr;  // VALUES (... $n::<write_cast>)
  const char* references = nullptr;  // REFERENCES skyseed.<references> ON DELETE CASCADE
  bool ends_line = false;            // the DDL breaks the line after it
  // In the table's PRIMARY KEY (written after the columns, in declaration
  // order), and so in an upsert's conflict target.
  bool key = false;
};

struct ManifestTable {
  const char* name;  // "chunk_ledger"
  std::vector<ManifestColumn> columns;

  std::string qualified_name() const { return std::string(kManifestSchema) + "." + name; }
};

// One row: the seed and generator version of the corpus.
const ManifestTable& ManifestCorpus();
// One row per committed chunk: table, first row, rows, digest sum.
const ManifestTable& ManifestChunkLedger();
// One row per index set aside, with its CREATE statement.
const ManifestTable& ManifestIndexStash();
// At most one row: the tier, chunk grid and shard count of a sharded growth.
const ManifestTable& ManifestShardPlan();
// One row per tier reached, and one per table of it.
const ManifestTable& ManifestTier();
const ManifestTable& ManifestTierTable();
// One row per view skyseed presents under a standard name (ivoa.obscore
// over skyseed_corpus.obscore, ...), and whether skyseed also created that
// name's schema: the --standard-names setting an existing corpus keeps. No
// row: the names are left to a service. (A corpus older than this table
// lacks it; its views are then known by their "skyseed:" comment.)
const ManifestTable& ManifestStandardView();
// Every table above, in the order ManifestDdl creates them.
const std::vector<const ManifestTable*>& ManifestTables();

// A capacity sweep's results (sweep_record/sweep_store.h), created by the first
// sweep on a database (ManifestTableDdlIfMissing), so not in ManifestDdl:
// one row per measured window, the key its sweep, tier, corpus, client
// count and repetition, so that a killed sweep resumes without repeating a
// finished window; and one per tier swept, with its saturation finding and
// plans (its finding jsonb also holds what the tier measured, so that
// figures added later need no new column); and one per sweep with its setup
// (options, versions, host, settings), added later than the others and so
// absent from databases swept before it.
const ManifestTable& ManifestSweepWindow();
const ManifestTable& ManifestSweepTier();
const ManifestTable& ManifestSweepSetup();
const std::vector<const ManifestTable*>& SweepTables();
// CREATE TABLE IF NOT EXISTS of `t`, for a table added to older corpora.
std::string ManifestTableDdlIfMissing(const ManifestTable& t, const QuoteFn& q);

// The skyseed schema and its tables, as `skyseed schema` prints it.
std::string ManifestDdl(const QuoteFn& q);

// "skyseed"."<t>", through q.
std::string QuotedTableName(const ManifestTable& t, const QuoteFn& q);

// INSERT INTO skyseed.<t> (<written columns>) VALUES ($1, ..., $n)
std::string InsertSql(const ManifestTable& t, const QuoteFn& q = UnquotedIdentifier);
// InsertSql, replacing the row with the same key when there is one: its
// written columns from the new row, its defaulted ones (a timestamp) filled
// afresh, or kept as they were with refresh_defaults false (a record
// corrected after the fact keeps when it was made). t must declare a key.
std::string UpsertSql(const ManifestTable& t, const QuoteFn& q, bool refresh_defaults = true);
// SELECT <read columns> FROM skyseed.<t>: the store reads them by the
// declared names (a cast column keeps its name).
std::string SelectSql(const ManifestTable& t, const QuoteFn& q = UnquotedIdentifier);
// SelectSql WHERE <equal[0]> = $1 AND ... ORDER BY <order_by...> (either
// list may be empty). Each name must be a column t declares: another aborts,
// as a statement naming it could only fail.
std::string SelectWhereSql(const ManifestTable& t, const QuoteFn& q,
                           const std::vector<std::string>& equal,
                           const std::vector<std::string>& order_by);

}  // namespace skyseed
