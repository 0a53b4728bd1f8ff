// The skyseed schema's DDL and the statements derived from its one
// declaration, pinned: a change to either is a change to every database
// skyseed has grown, so it must be deliberate.
#include "schema/manifest_schema.h"

#include <gtest/gtest.h>

namespace skyseed {
namespace {

TEST(ManifestSchema, Ddl) {
  EXPECT_EQ(ManifestDdl(QuoteIdentifierOffline),
            "CREATE SCHEMA IF NOT EXISTS \"skyseed\";\n"
            "CREATE TABLE \"skyseed\".\"corpus\" (\n"
            "  \"seed\" bigint NOT NULL, \"generator_version\" text NOT NULL,\n"
            "  \"created_at\" timestamptz NOT NULL DEFAULT now(),\n"
            "  \"one_row\" boolean PRIMARY KEY DEFAULT true CHECK (one_row));\n"
            "CREATE TABLE \"skyseed\".\"chunk_ledger\" (\n"
            "  \"table_name\" text NOT NULL, \"first_row\" bigint NOT NULL, "
            "\"row_count\" bigint NOT NULL,\n"
            "  \"digest\" text NOT NULL, \"committed_at\" timestamptz NOT NULL DEFAULT now(),\n"
            "  PRIMARY KEY (\"table_name\", \"first_row\"));\n"
            "CREATE TABLE \"skyseed\".\"index_stash\" (\n"
            "  \"index_name\" text PRIMARY KEY, \"table_name\" text NOT NULL, "
            "\"definition\" text NOT NULL,\n"
            "  \"stashed_at\" timestamptz NOT NULL DEFAULT now());\n"
            "CREATE TABLE \"skyseed\".\"shard_plan\" (\n"
            "  \"tier\" text NOT NULL, \"chunk_rows\" bigint NOT NULL, "
            "\"shards\" integer NOT NULL,\n"
            "  \"one_row\" boolean PRIMARY KEY DEFAULT true CHECK (one_row));\n"
            "CREATE TABLE \"skyseed\".\"tier\" (\n"
            "  \"tier\" text PRIMARY KEY, \"reached_at\" timestamptz NOT NULL DEFAULT now(),\n"
            "  \"seconds\" double precision NOT NULL, \"corpus_digest\" text NOT NULL,\n"
            "  \"database_size\" bigint NOT NULL, \"pg_version\" text NOT NULL, "
            "\"phases\" jsonb NOT NULL);\n"
            "CREATE TABLE \"skyseed\".\"tier_table\" (\n"
            "  \"tier\" text NOT NULL REFERENCES \"skyseed\".\"tier\" ON DELETE CASCADE,\n"
            "  \"table_name\" text NOT NULL, \"rows\" bigint NOT NULL, "
            "\"digest\" text NOT NULL,\n"
            "  \"table_size\" bigint NOT NULL, \"indexes_size\" bigint NOT NULL,\n"
            "  \"index_table_ratio\" double precision NOT NULL, "
            "PRIMARY KEY (\"tier\", \"table_name\"));\n"
            "CREATE TABLE \"skyseed\".\"standard_view\" (\n"
            "  \"view_name\" text PRIMARY KEY, \"table_name\" text NOT NULL, "
            "\"schema_created\" boolean NOT NULL);\n");
}

// The sweep's tables: created by the first sweep, every statement on them
// derived here, every identifier quoted, every value a parameter.
TEST(ManifestSchema, SweepTables) {
  EXPECT_EQ(ManifestDdl(QuoteIdentifierOffline).find("sweep_"), std::string::npos);
  EXPECT_EQ(ManifestTableDdlIfMissing(ManifestSweepWindow(), QuoteIdentifierOffline),
            "CREATE TABLE IF NOT EXISTS \"skyseed\".\"sweep_window\" (\n"
            "  \"sweep_key\" text NOT NULL, \"tier\" text NOT NULL, "
            "\"corpus_digest\" text NOT NULL,\n"
            "  \"clients\" integer NOT NULL, \"rep\" integer NOT NULL,\n"
            "  \"measured_at\" timestamptz NOT NULL DEFAULT now(), \"result\" jsonb NOT NULL,\n"
            "  PRIMARY KEY (\"sweep_key\", \"tier\", \"corpus_digest\", \"clients\", "
            "\"rep\"));\n");
  EXPECT_EQ(ManifestTableDdlIfMissing(ManifestSweepTier(), QuoteIdentifierOffline),
            "CREATE TABLE IF NOT EXISTS \"skyseed\".\"sweep_tier\" (\n"
            "  \"sweep_key\" text NOT NULL, \"tier\" text NOT NULL, "
            "\"corpus_digest\" text NOT NULL,\n"
            "  \"database_size\" bigint NOT NULL, \"finding\" jsonb NOT NULL, "
            "\"explain\" jsonb NOT NULL,\n"
            "  \"measured_at\" timestamptz NOT NULL DEFAULT now(),\n"
            "  PRIMARY KEY (\"sweep_key\", \"tier\", \"corpus_digest\"));\n");
  EXPECT_EQ(UpsertSql(ManifestSweepWindow(), QuoteIdentifierOffline),
            "INSERT INTO \"skyseed\".\"sweep_window\" (\"sweep_key\", \"tier\", "
            "\"corpus_digest\", \"clients\", \"rep\", \"result\") VALUES ($1, $2, $3, $4, $5, "
            "$6::jsonb) ON CONFLICT (\"sweep_key\", \"tier\", \"corpus_digest\", \"clients\", "
            "\"rep\") DO UPDATE SET \"measured_at\" = DEFAULT, \"result\" = EXCLUDED.\"result\"");
  // A window's record corrected later keeps when it was measured.
  EXPECT_EQ(UpsertSql(ManifestSweepWindow(), QuoteIdentifierOffline, /*refresh_defaults=*/false),
            "INSERT INTO \"skyseed\".\"sweep_window\" (\"sweep_key\", \"tier\", "
            "\"corpus_digest\", \"clients\", \"rep\", \"result\") VALUES ($1, $2, $3, $4, $5, "
            "$6::jsonb) ON CONFLICT (\"sweep_key\", \"tier\", \"corpus_digest\", \"clients\", "
            "\"rep\") DO UPDATE SET \"result\" = EXCLUDED.\"result\"");
  EXPECT_EQ(UpsertSql(ManifestSweepTier(), QuoteIdentifierOffline),
            "INSERT INTO \"skyseed\".\"sweep_tier\" (\"sweep_key\", \"tier\", "
            "\"corpus_digest\", \"database_size\", \"finding\", \"explain\") VALUES ($1, $2, "
            "$3, $4, $5::jsonb, $6::jsonb) ON CONFLICT (\"sweep_key\", \"tier\", "
            "\"corpus_digest\") DO UPDATE SET \"database_size\" = EXCLUDED.\"database_size\", "
            "\"finding\" = EXCLUDED.\"finding\", \"explain\" = EXCLUDED.\"explain\", "
            "\"measured_at\" = DEFAULT");
  EXPECT_EQ(SelectWhereSql(ManifestSweepWindow(), QuoteIdentifierOffline,
                           {"sweep_key", "tier", "corpus_digest"}, {"clients", "rep"}),
            "SELECT \"result\"::text FROM \"skyseed\".\"sweep_window\" WHERE \"sweep_key\" = $1 "
            "AND \"tier\" = $2 AND \"corpus_digest\" = $3 ORDER BY \"clients\", \"rep\"");
  EXPECT_EQ(SelectWhereSql(ManifestSweepTier(), QuoteIdentifierOffline, {},
                           {"sweep_key", "database_size"}),
            "SELECT \"sweep_key\", \"tier\", \"corpus_digest\", \"database_size\", "
            "\"finding\"::text, \"explain\"::text FROM \"skyseed\".\"sweep_tier\" ORDER BY "
            "\"sweep_key\", "
            "\"database_size\"");
  EXPECT_EQ(QuotedTableName(ManifestSweepTier(), QuoteIdentifierOffline),
            "\"skyseed\".\"sweep_tier\"");
  // One setup per sweep, read back with its key.
  EXPECT_EQ(ManifestTableDdlIfMissing(ManifestSweepSetup(), QuoteIdentifierOffline),
            "CREATE TABLE IF NOT EXISTS \"skyseed\".\"sweep_setup\" (\n"
            "  \"sweep_key\" text NOT NULL,\n"
            "  \"measured_at\" timestamptz NOT NULL DEFAULT now(), \"setup\" jsonb NOT NULL,\n"
            "  PRIMARY KEY (\"sweep_key\"));\n");
  EXPECT_EQ(UpsertSql(ManifestSweepSetup(), QuoteIdentifierOffline),
            "INSERT INTO \"skyseed\".\"sweep_setup\" (\"sweep_key\", \"setup\") VALUES ($1, "
            "$2::jsonb) ON CONFLICT (\"sweep_key\") DO UPDATE SET \"measured_at\" = DEFAULT, "
            "\"setup\" = EXCLUDED.\"setup\"");
  EXPECT_EQ(SelectSql(ManifestSweepSetup(), QuoteIdentifierOffline),
            "SELECT \"sweep_key\", \"setup\"::text FROM \"skyseed\".\"sweep_setup\"");
}

TEST(ManifestSchemaDeathTest, ANameNoColumnHasAborts) {
  EXPECT_DEATH(SelectWhereSql(ManifestSweepTier(), QuoteIdentifierOffline, {"sweep"}, {}),
               "sweep_tier declares no column sweep");
}

TEST(ManifestSchema, InsertsWriteTheColumnsWithoutDefaults) {
  EXPECT_EQ(InsertSql(ManifestCorpus()),
            "INSERT INTO skyseed.corpus (seed, generator_version) VALUES ($1, $2)");
  EXPECT_EQ(InsertSql(ManifestChunkLedger()),
            "INSERT INTO skyseed.chunk_ledger (table_name, first_row, row_count, digest) "
            "VALUES ($1, $2, $3, $4)");
  EXPECT_EQ(InsertSql(ManifestIndexStash()),
            "INSERT INTO skyseed.index_stash (index_name, table_name, definition) "
            "VALUES ($1, $2, $3)");
  EXPECT_EQ(InsertSql(ManifestShardPlan()),
            "INSERT INTO skyseed.shard_plan (tier, chunk_rows, shards) VALUES ($1, $2, $3)");
  EXPECT_EQ(InsertSql(ManifestTier()),
            "INSERT INTO skyseed.tier (tier, seconds, corpus_digest, database_size, pg_version, "
            "phases) VALUES ($1, $2, $3, $4, $5, $6::jsonb)");
  EXPECT_EQ(InsertSql(ManifestTierTable()),
            "INSERT INTO skyseed.tier_table (tier, table_name, rows, digest, table_size, "
            "indexes_size, index_table_ratio) VALUES ($1, $2, $3, $4, $5, $6, $7)");
}

TEST(ManifestSchema, SelectsReadTheColumnsTheStoreParses) {
  EXPECT_EQ(SelectSql(ManifestCorpus()), "SELECT seed, generator_version FROM skyseed.corpus");
  EXPECT_EQ(SelectSql(ManifestChunkLedger()),
            "SELECT table_name, first_row, row_count, digest FROM skyseed.chunk_ledger");
  EXPECT_EQ(SelectSql(ManifestIndexStash()),
            "SELECT index_name, table_name, definition FROM skyseed.index_stash");
  EXPECT_EQ(SelectSql(ManifestShardPlan()),
            "SELECT tier, chunk_rows::text, shards::text FROM skyseed.shard_plan");
  EXPECT_EQ(SelectSql(ManifestTier()),
            "SELECT tier, reached_at::text, seconds, corpus_digest, database_size, pg_version, "
            "phases::text FROM skyseed.tier");
  EXPECT_EQ(SelectSql(ManifestTierTable()),
            "SELECT table_name, rows, digest, table_size, indexes_size, index_table_ratio "
            "FROM skyseed.tier_table");
}

}  // namespace
}  // namespace skyseed
