// The expressions every spatial index, view and query must share, the key
// rule as SQL, and the COPY statements of the corpus tables.
#include "schema/corpus_schema.h"

#include <gtest/gtest.h>

#include "generator/obscore_row.h"
#include "generator/source_row.h"
#include "tests/corpus_table_defs.h"

namespace skyseed {
namespace {

const IndexDef& Index(const std::vector<IndexDef>& all, const std::string& name) {
  for (const IndexDef& i : all) {
    if (i.name == name) return i;
  }
  ADD_FAILURE() << "no index " << name;
  return all.front();
}

TEST(CorpusSchema, SpatialExpressions) {
  EXPECT_EQ(PositionExpression(SourceDef(), UnquotedIdentifier),
            "spoint(radians(ra), radians(dec))");
  EXPECT_EQ(PositionExpression(ObscoreDef(), QuoteIdentifierOffline),
            "spoint(radians(\"s_ra\"), radians(\"s_dec\"))");
  EXPECT_EQ(FootprintExpression(ObscoreDef(), UnquotedIdentifier), "s_region");
}

TEST(CorpusSchema, GistIndexesAreOnTheSpatialExpressions) {
  const std::vector<IndexDef> all = CorpusIndexes(QuoteIdentifierOffline);
  EXPECT_EQ(Index(all, "gaia_source_pos_idx").create_sql,
            "CREATE INDEX \"gaia_source_pos_idx\" ON \"skyseed_corpus\".\"gaia_source\" USING gist "
            "(spoint(radians(\"ra\"), radians(\"dec\")))");
  EXPECT_EQ(Index(all, "obscore_s_region_idx").create_sql,
            "CREATE INDEX \"obscore_s_region_idx\" ON \"skyseed_corpus\".\"obscore\" USING gist "
            "(\"s_region\")");
  EXPECT_EQ(Index(all, "obscore_s_point_idx").kind, IndexKind::kPointGist);
  EXPECT_EQ(Index(all, "obscore_s_region_idx").kind, IndexKind::kPolygonGist);
  EXPECT_EQ(Index(all, "gaia_source_pos_idx").kind, IndexKind::kPointGist);
}

TEST(CorpusSchema, TablesHoldARealSpolyAndItsLiteral) {
  const std::string ddl = CorpusTablesDdl(QuoteIdentifierOffline);
  EXPECT_NE(ddl.find("CREATE TABLE \"skyseed_corpus\".\"obscore\" ("), std::string::npos);
  EXPECT_NE(ddl.find("  \"s_region\" spoly NOT NULL,\n"), std::string::npos);
  EXPECT_NE(ddl.find("  \"s_region_literal\" text NOT NULL\n);"), std::string::npos);
  EXPECT_EQ(ddl.find("ivoa"), std::string::npos);  // the views are apart
}

TEST(CorpusSchema, StandardViewsShowExactlyTheObsCoreColumns) {
  const std::string views = StandardViewsDdl(QuoteIdentifierOffline);
  const size_t at = views.find("CREATE VIEW \"ivoa\".\"obscore\" AS SELECT \"dataproduct_type\", ");
  ASSERT_NE(at, std::string::npos);
  const std::string obscore = views.substr(at, views.find(';', at) - at);
  EXPECT_EQ(obscore.find("obs_pk"), std::string::npos);
  EXPECT_EQ(obscore.find("s_region_literal"), std::string::npos);
  EXPECT_NE(obscore.find("\"preview\" FROM \"skyseed_corpus\".\"obscore\""), std::string::npos);
  EXPECT_NE(views.find("COMMENT ON VIEW \"gaia\".\"gaia_source\" IS 'skyseed:"), std::string::npos);
}

TEST(CorpusSchema, StagingCastsTheFootprintAndKeepsTheLiteral) {
  const StagingSql s = StagingFor(ObscoreDef(), UnquotedIdentifier);
  EXPECT_TRUE(s.create.starts_with("CREATE TEMP TABLE pg_temp.skyseed_stage_obscore ("));
  EXPECT_NE(s.create.find("  s_region text NOT NULL,"), std::string::npos);
  EXPECT_TRUE(s.create.ends_with(") ON COMMIT DELETE ROWS"));
  EXPECT_NE(s.move.find(", s_region_literal) SELECT obs_pk, "), std::string::npos);
  EXPECT_NE(s.move.find(" s_region::spoly, "), std::string::npos);
  EXPECT_TRUE(s.move.ends_with(", s_region FROM pg_temp.skyseed_stage_obscore"));
  EXPECT_TRUE(StagingFor(SourceDef(), UnquotedIdentifier).move.empty());
  EXPECT_EQ(
      CopyInSql(ObscoreDef(), UnquotedIdentifier).rfind("COPY pg_temp.skyseed_stage_obscore (", 0),
      0u);
}

TEST(CorpusSchema, RowIndexOfTheKey) {
  EXPECT_EQ(RowIndexExpression(ObscoreDef(), QuoteIdentifierOffline), "\"obs_pk\"");
  // A source_id is its pixel times 2^35 plus the row index.
  EXPECT_EQ(RowIndexExpression(SourceDef(), QuoteIdentifierOffline),
            "(\"source_id\" & 34359738367)");
  EXPECT_EQ(ObscoreDef().RowIndexOfKey(123456789), 123456789u);
  EXPECT_EQ(SourceDef().RowIndexOfKey((uint64_t{49151} << 35) + 77), 77u);
}

TEST(CorpusSchema, CopyStatements) {
  const std::string in = CopyInSql(SourceDef(), QuoteIdentifierOffline);
  EXPECT_EQ(in.rfind("COPY \"skyseed_corpus\".\"gaia_source\" (\"source_id\", \"ref_epoch\", ", 0),
            0u);
  EXPECT_TRUE(in.ends_with(") FROM STDIN (FORMAT binary)"));
  const std::string out = CopyOutSql(ObscoreDef(), QuoteIdentifierOffline, "true");
  EXPECT_EQ(out.rfind("COPY (SELECT \"obs_pk\", ", 0), 0u);
  EXPECT_NE(out.find("\"s_region_literal\" AS \"s_region\", "), std::string::npos);
  EXPECT_TRUE(
      out.ends_with(" FROM \"skyseed_corpus\".\"obscore\" WHERE true) TO STDOUT (FORMAT binary)"));
}

}  // namespace
}  // namespace skyseed
