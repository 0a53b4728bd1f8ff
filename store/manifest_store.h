// The statements on the corpus's bookkeeping tables (declared in
// schema/manifest_schema.h): the corpus identity, the chunk ledger, the
// index stash, the shard plan and the tier records. Not every statement on
// skyseed.*: the sweep's tables (skyseed.sweep_*) are written and read by
// sweep_record/sweep_store.h, grow/grow.cc asks skyseed.tier itself whether a
// --target-size tier is recorded, and the workload's scripts check
// skyseed.corpus and skyseed.tier when pgbench loads them
// (workload/workload_text.cc). The decisions taken on what these read
// are pure functions elsewhere (grow/load_plan.h, grow/shard_growth.h, ...).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/status.h"
#include "copy_format/corpus_digest.h"
#include "generator/corpus_tables.h"
#include "loader/pg_connection.h"
#include "schema/corpus_schema.h"
#include "schema/manifest_schema.h"
#include "store/chunk_ledger.h"
#include "store/manifest_records.h"

namespace skyseed {

// -- The corpus identity (skyseed.corpus).

// True when every standard name (ivoa.obscore, gaia.gaia_source) holds
// skyseed's own view, false when the corpus was grown with
// --standard-names none (or a service owns a name).
Result<bool> PresentsStandardNames(PgConnection& conn);
// NotFound if the database holds no skyseed corpus; InvalidArgument naming
// it if a table under one of skyseed's names (skyseed.corpus, ...) is not
// skyseed's (not a table, or other columns).
Result<CorpusIdentity> ReadCorpusIdentity(PgConnection& conn);
// For commands that only read a corpus (verify, status): a database without
// one is the wrong database, an input error (InvalidArgument), not a failure.
Result<CorpusIdentity> RequireCorpusIdentity(PgConnection& conn);
// Checks the database's corpus was made by this seed and generator.
Status CheckCorpusIdentity(const CorpusIdentity& id, uint64_t seed);
// Creates the corpus tables, the views presenting them under their standard
// names (unless standard_names is false) with their record, the manifest
// schema, the identity row, and a stash entry for every index (to build
// after the first load), in one transaction. Refuses a database that
// already holds corpus tables, or an object skyseed did not create under a
// name it would take (a standard name, a table of the skyseed schema).
Status CreateCorpus(PgConnection& conn, uint64_t seed, bool standard_names);

// -- The standard-name views skyseed presents (skyseed.standard_view).

Result<StandardViewRecords> ReadStandardViews(PgConnection& conn);
// Adds skyseed.standard_view to an older corpus; true when it did (the
// caller fills it, in the same transaction).
Result<bool> AddStandardViewTable(PgConnection& conn);
// The caller creates (or drops) the view in the same transaction.
Status RecordStandardView(PgConnection& conn, const StandardViewRecord& view);
Status ForgetStandardView(PgConnection& conn, const std::string& view_name);

// -- The chunk ledger (skyseed.chunk_ledger).

// Ordered by table name, then first row.
Result<std::vector<LedgerEntry>> ReadLedger(PgConnection& conn);
// Runs inside the chunk's own transaction (grow/chunk_commit.h); the
// ledger's primary key refuses a chunk committed twice.
Status InsertLedgerEntry(PgConnection& conn, const LedgerEntry& entry);

// -- The index stash (skyseed.index_stash).

// Ordered by index name.
Result<std::vector<StashEntry>> ReadStash(PgConnection& conn);
// Records `index` as set aside (again is harmless); the caller drops it in
// the same transaction.
Status StashIndex(PgConnection& conn, const IndexDef& index);
// The caller builds it in the same transaction.
Status UnstashIndex(PgConnection& conn, const std::string& index_name);

// -- The shard plan (skyseed.shard_plan).

// Records `mine` unless some shard already recorded a plan; returns the
// recorded one.
Result<ShardPlan> ClaimShardPlan(PgConnection& conn, const ShardPlan& mine);

// -- The tier records (skyseed.tier and skyseed.tier_table).

// In the order they were reached; Corruption for a malformed record.
Result<std::vector<TierRecord>> ReadTiers(PgConnection& conn);
// The record and its tables in one transaction, which also ends any sharded
// growth of the tier (the shard plan is removed).
Status RecordTier(PgConnection& conn, const TierRecord& record);

// -- Conditions for the scripts skyseed writes (workload setup.sql), which
// psql runs without skyseed.

// to_regclass('skyseed.<table>') IS NOT NULL
std::string ManifestTableExistsSql(const ManifestTable& t);
// A query with a row when the corpus is this seed's, of this generator.
std::string CorpusOfSeedSql(uint64_t seed);
// A query with a row when some recorded tier holds `rows` rows of `table`.
std::string TierReachedRowsSql(const TableDef& table, uint64_t rows);

}  // namespace skyseed
