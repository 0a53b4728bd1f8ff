#include "copy_format/corpus_digest.h"

#include <gtest/gtest.h>

namespace skyseed {
namespace {

TEST(Digest128, AdditionCarriesAndCommutes) {
  Digest128 a{1, ~0ULL}, b{2, 1};
  Digest128 ab = a;
  ab.Add(b);
  EXPECT_EQ(ab.hi, 4u);
  EXPECT_EQ(ab.lo, 0u);
  Digest128 ba = b;
  ba.Add(a);
  EXPECT_EQ(ab, ba);
  ab.Subtract(b);
  EXPECT_EQ(ab, a);
}

TEST(Digest128, HexRoundTripAndRejects) {
  const Digest128 d{0x0123456789abcdefULL, 0xfedcba9876543210ULL};
  EXPECT_EQ(d.Hex(), "0123456789abcdeffedcba9876543210");
  Digest128 back;
  ASSERT_TRUE(Digest128::FromHex(d.Hex(), &back));
  EXPECT_EQ(back, d);
  EXPECT_FALSE(Digest128::FromHex("0123", &back));
  EXPECT_FALSE(Digest128::FromHex("0123456789ABCDEFfedcba9876543210", &back));
  EXPECT_FALSE(Digest128::FromHex("0123456789abcdeffedcba987654321g", &back));
}

TEST(TableDigest, OrderDoesNotMatterButContentAndMultiplicityDo) {
  const std::string rows[] = {"alpha", "beta", "gamma"};
  TableDigest forward, backward, duplicated;
  for (int i = 0; i < 3; ++i) forward.AddRow(rows[i].data(), rows[i].size());
  for (int i = 2; i >= 0; --i) backward.AddRow(rows[i].data(), rows[i].size());
  EXPECT_EQ(forward, backward);
  duplicated = forward;
  duplicated.AddRow(rows[0].data(), rows[0].size());
  EXPECT_FALSE(duplicated == forward);
  TableDigest changed;
  changed.AddRow("alpha", 5);
  changed.AddRow("beta", 4);
  changed.AddRow("gammb", 5);
  EXPECT_NE(changed.sum, forward.sum);
}

TEST(CorpusDigest, DependsOnEveryTable) {
  TableDigest a, b;
  a.AddRow("x", 1);
  b.AddRow("y", 1);
  const Digest128 d1 = CorpusDigest({{"s.a", a}, {"s.b", b}});
  const Digest128 d2 = CorpusDigest({{"s.a", a}, {"s.b", a}});
  const Digest128 d3 = CorpusDigest({{"s.b", b}, {"s.a", a}});
  EXPECT_NE(d1, d2);
  EXPECT_NE(d1, d3);
}

}  // namespace
}  // namespace skyseed
