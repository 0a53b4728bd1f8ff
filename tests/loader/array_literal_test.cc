// Array literals as PostgreSQL's array input reads them (the text of a
// bigint[], float8[] or text[] parameter); the server's own reading of
// them is tested where they are used (ledger audits, the sweep's working
// set, against tier ci's rows).
#include "loader/array_literal.h"

#include <gtest/gtest.h>

#include <cstdlib>

namespace skyseed {
namespace {

TEST(ArrayLiteral, IntegersAsDecimalsBetweenBraces) {
  EXPECT_EQ(ArrayLiteral(std::vector<uint64_t>{}), "{}");
  EXPECT_EQ(ArrayLiteral(std::vector<uint64_t>{0, 3000, 18446744073709551615u}),
            "{0,3000,18446744073709551615}");
  EXPECT_EQ(ArrayLiteral(std::vector<int64_t>{-9223372036854775807 - 1, 7}),
            "{-9223372036854775808,7}");
}

TEST(ArrayLiteral, DoublesReadBackExactly) {
  const std::vector<double> values = {0.1, 268.870921, -41.195729, 1e-300};
  const std::string text = ArrayLiteral(values);
  ASSERT_EQ(text.front(), '{');
  ASSERT_EQ(text.back(), '}');
  const char* at = text.c_str() + 1;
  for (const double v : values) {
    char* end = nullptr;
    EXPECT_EQ(std::strtod(at, &end), v) << text;
    at = end + 1;  // past the comma or the closing brace
  }
}

TEST(ArrayLiteral, TextIsQuotedSoNothingInItIsSyntax) {
  EXPECT_EQ(ArrayLiteral(std::vector<std::string>{"ivo://x?A.B", "a,b", "NULL", "{}", ""}),
            R"({"ivo://x?A.B","a,b","NULL","{}",""})");
  EXPECT_EQ(ArrayLiteral(std::vector<std::string>{R"(say "hi")", R"(back\slash)"}),
            R"({"say \"hi\"","back\\slash"})");
}

}  // namespace
}  // namespace skyseed
