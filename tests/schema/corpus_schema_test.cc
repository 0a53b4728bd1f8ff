// The expressions every spatial index, view and query must share, the key
// rule as SQL, and the COPY statements of the corpus tables.
#include "schema/corpus_schema.h"

#include <gtest/gtest.h>

#include "generator/obscore_row.h"
#include "generator/source_row.h"

namespace skyseed {
namespace {

const TableDef& Obscore() { return CorpusTableWithId(kObsCoreTableId); }
const TableDef& Source() { return CorpusTableWithId(kSourceTableId); }

const IndexDef& Index(const std::vector<IndexDef>& all, const std::string& name) {
  for (const IndexDef& i : all) {
    if (i.name == name) return i;
  }
  ADD_FAILURE() << "no index " << name;
  return all.front();
}

TEST(CorpusSchema, SpatialExpressions) {
  EXPECT_EQ(PositionExpression(Source(), UnquotedIdentifier), "spoint(radians(ra), radians(dec))");
  EXPECT_EQ(PositionExpression(Obscore(), QuoteIdentifierOffline),
            "spoint(radians(\"s_ra\"), radians(\"s_dec\"))");
  EXPECT_EQ(FootprintExpression(Obscore(), UnquotedIdentifier), "(s_region::spoly)");
}

TEST(CorpusSchema, GistIndexesAreOnTheSpatialExpressions) {
  const std::vector<IndexDef> all = CorpusIndexes(QuoteIdentifierOffline);
  EXPECT_EQ(Index(all, "gaia_source_pos_idx").create_sql,
            "CREATE INDEX \"gaia_source_pos_idx\" ON \"gaia\".\"gaia_source\" USING gist "
            "(spoint(radians(\"ra\"), radians(\"dec\")))");
  EXPECT_EQ(Index(all, "obscore_s_region_idx").create_sql,
            "CREATE INDEX \"obscore_s_region_idx\" ON \"ivoa\".\"obscore\" USING gist "
            "((\"s_region\"::spoly))");
  EXPECT_EQ(Index(all, "obscore_s_point_idx").kind, IndexKind::kGist);
}

TEST(CorpusSchema, ViewsExposeTheSameExpressions) {
  const std::string ddl = CorpusTablesDdl(QuoteIdentifierOffline);
  EXPECT_NE(ddl.find("spoint(radians(o.\"s_ra\"), radians(o.\"s_dec\")) AS s_point, "
                     "(o.\"s_region\"::spoly) AS s_region_poly"),
            std::string::npos);
  EXPECT_NE(ddl.find("spoint(radians(s.\"ra\"), radians(s.\"dec\")) AS pos"), std::string::npos);
}

TEST(CorpusSchema, RowIndexOfTheKey) {
  EXPECT_EQ(RowIndexExpression(Obscore(), QuoteIdentifierOffline), "\"obs_pk\"");
  // A source_id is its pixel times 2^35 plus the row index.
  EXPECT_EQ(RowIndexExpression(Source(), QuoteIdentifierOffline), "(\"source_id\" & 34359738367)");
  EXPECT_EQ(Obscore().RowIndexOfKey(123456789), 123456789u);
  EXPECT_EQ(Source().RowIndexOfKey((uint64_t{49151} << 35) + 77), 77u);
}

TEST(CorpusSchema, CopyStatements) {
  const std::string in = CopyInSql(Source(), QuoteIdentifierOffline);
  EXPECT_EQ(in.rfind("COPY \"gaia\".\"gaia_source\" (\"source_id\", \"ref_epoch\", ", 0), 0u);
  EXPECT_TRUE(in.ends_with(") FROM STDIN (FORMAT binary)"));
  const std::string out = CopyOutSql(Obscore(), QuoteIdentifierOffline, "true");
  EXPECT_EQ(out.rfind("COPY (SELECT \"obs_pk\", ", 0), 0u);
  EXPECT_TRUE(out.ends_with(" FROM \"ivoa\".\"obscore\" WHERE true) TO STDOUT (FORMAT binary)"));
}

}  // namespace
}  // namespace skyseed
