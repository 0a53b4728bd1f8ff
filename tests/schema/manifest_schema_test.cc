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
            "CREATE TABLE \"skyseed\".corpus (\n"
            "  seed bigint NOT NULL, generator_version text NOT NULL,\n"
            "  created_at timestamptz NOT NULL DEFAULT now(),\n"
            "  one_row boolean PRIMARY KEY DEFAULT true CHECK (one_row));\n"
            "CREATE TABLE \"skyseed\".chunk_ledger (\n"
            "  table_name text NOT NULL, first_row bigint NOT NULL, row_count bigint NOT NULL,\n"
            "  digest text NOT NULL, committed_at timestamptz NOT NULL DEFAULT now(),\n"
            "  PRIMARY KEY (table_name, first_row));\n"
            "CREATE TABLE \"skyseed\".index_stash (\n"
            "  index_name text PRIMARY KEY, table_name text NOT NULL, definition text NOT NULL,\n"
            "  stashed_at timestamptz NOT NULL DEFAULT now());\n"
            "CREATE TABLE \"skyseed\".shard_plan (\n"
            "  tier text NOT NULL, chunk_rows bigint NOT NULL, shards integer NOT NULL,\n"
            "  one_row boolean PRIMARY KEY DEFAULT true CHECK (one_row));\n"
            "CREATE TABLE \"skyseed\".tier (\n"
            "  tier text PRIMARY KEY, reached_at timestamptz NOT NULL DEFAULT now(),\n"
            "  seconds double precision NOT NULL, corpus_digest text NOT NULL,\n"
            "  database_size bigint NOT NULL, pg_version text NOT NULL, phases jsonb NOT NULL);\n"
            "CREATE TABLE \"skyseed\".tier_table (\n"
            "  tier text NOT NULL REFERENCES \"skyseed\".tier ON DELETE CASCADE,\n"
            "  table_name text NOT NULL, rows bigint NOT NULL, digest text NOT NULL,\n"
            "  table_size bigint NOT NULL, indexes_size bigint NOT NULL,\n"
            "  index_table_ratio double precision NOT NULL, PRIMARY KEY (tier, table_name));\n"
            "CREATE TABLE \"skyseed\".standard_view (\n"
            "  view_name text PRIMARY KEY, table_name text NOT NULL, schema_created boolean NOT "
            "NULL);\n");
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
