#include "tap/votable_check.h"

#include <gtest/gtest.h>

namespace skyseed {
namespace {

const char kOk[] =
    "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
    "<VOTABLE version=\"1.4\" xmlns=\"http://www.ivoa.net/xml/VOTable/v1.3\">\n"
    "<RESOURCE type=\"results\">\n"
    "<INFO name=\"QUERY_STATUS\" value=\"OK\">Query successful</INFO>\n"
    "<TABLE><FIELD name=\"n\" datatype=\"long\"/>\n"
    "<DATA><TABLEDATA><TR><TD>42</TD></TR></TABLEDATA></DATA></TABLE>\n"
    "</RESOURCE>\n"
    "</VOTABLE>\n";

const char kError[] =
    "<?xml version=\"1.0\"?>\n"
    "<VOTABLE version=\"1.4\"><RESOURCE type=\"results\">\n"
    "<INFO name=\"QUERY_STATUS\" value=\"ERROR\">Could not parse your query:\n"
    "   column 'foo' unknown</INFO>\n"
    "</RESOURCE></VOTABLE>";

const char kOverflow[] =
    "<VOTABLE version=\"1.4\"><RESOURCE type=\"results\">\n"
    "<INFO name=\"QUERY_STATUS\" value=\"OK\"/>\n"
    "<TABLE><DATA><TABLEDATA><TR><TD>1</TD></TR></TABLEDATA></DATA></TABLE>\n"
    "<INFO name=\"QUERY_STATUS\" value=\"OVERFLOW\">Result truncated at MAXREC</INFO>\n"
    "</RESOURCE></VOTABLE>\n";

TEST(VotableCheck, AcceptsACompleteVotable) {
  const TapOutcome r = CheckTapResponse(200, kOk);
  EXPECT_EQ(r.outcome, "ok");
  EXPECT_EQ(r.message, "");
}

TEST(VotableCheck, AcceptsOneWithoutQueryStatus) {
  EXPECT_EQ(CheckTapResponse(200, "<VOTABLE><RESOURCE/></VOTABLE>  \r\n").outcome, "ok");
}

TEST(VotableCheck, ReadsAQueryError) {
  const TapOutcome r = CheckTapResponse(200, kError);
  EXPECT_EQ(r.outcome, "query-error");
  EXPECT_EQ(r.message, "Could not parse your query: column 'foo' unknown");
}

TEST(VotableCheck, ReadsAnOverflowAfterTheRows) {
  const TapOutcome r = CheckTapResponse(200, kOverflow);
  EXPECT_EQ(r.outcome, "overflow");
  EXPECT_EQ(r.message, "Result truncated at MAXREC");
}

TEST(VotableCheck, FindsATruncatedDocument) {
  const std::string ok = kOk;
  const std::string cut = ok.substr(0, ok.find("<TR>") + 8);
  EXPECT_EQ(CheckTapResponse(200, cut).outcome, "truncated");
  EXPECT_EQ(CheckTapResponse(200, "").outcome, "truncated");
  EXPECT_EQ(CheckTapResponse(200, ok.substr(0, ok.size() - 3)).outcome, "truncated");
}

TEST(VotableCheck, ReadsAttributesInAnyOrderAndQuoting) {
  const TapOutcome r = CheckTapResponse(
      200,
      "<VOTABLE><RESOURCE><INFO value='ERROR' ID=\"x\"\n  name='QUERY_STATUS'>Timeout</INFO>"
      "</RESOURCE></VOTABLE>");
  EXPECT_EQ(r.outcome, "query-error");
  EXPECT_EQ(r.message, "Timeout");
  // An INFO of another name with value ERROR is not the query's status.
  EXPECT_EQ(CheckTapResponse(200,
                             "<VOTABLE><INFO name=\"provider\" value=\"ERROR\">x</INFO>"
                             "</VOTABLE>")
                .outcome,
            "ok");
}

TEST(VotableCheck, NamesTheHttpStatusAndTheVotablesText) {
  const TapOutcome with = CheckTapResponse(500, kError);
  EXPECT_EQ(with.outcome, "http");
  EXPECT_EQ(with.message, "HTTP 500: Could not parse your query: column 'foo' unknown");
  const TapOutcome without = CheckTapResponse(500, "<html><body>Internal error</body></html>");
  EXPECT_EQ(without.outcome, "http");
  EXPECT_EQ(without.message, "HTTP 500");
  EXPECT_EQ(CheckTapResponse(503, kOk).message, "HTTP 503: Query successful");
}

}  // namespace
}  // namespace skyseed
