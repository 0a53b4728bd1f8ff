// The corpus hash: independent of threads and chunk size, additive over
// tiers, seed-dependent, and pinned for tier ci, seed 1.
#include "tiers/corpus_hash.h"

#include <gtest/gtest.h>

#include "generator/corpus_tables.h"
#include "tiers/tier_spec.h"

namespace skyseed {
namespace {

HashOptions CorpusHashOptions(uint64_t seed, int threads, uint64_t chunk_rows) {
  return {seed, threads, chunk_rows};
}

TEST(CorpusHash, IndependentOfThreadsAndChunkSize) {
  const TierSpec ci = *FindTier("ci");
  const CorpusHash a = HashTier(ci, CorpusHashOptions(1, 1, 100000));
  const CorpusHash b = HashTier(ci, CorpusHashOptions(1, 3, 7777));
  EXPECT_EQ(a.corpus, b.corpus);
  for (size_t t = 0; t < a.tables.size(); ++t)
    EXPECT_TRUE(a.tables[t].digest == b.tables[t].digest);
}

TEST(CorpusHash, SeedChangesEveryTable) {
  const TierSpec ci = *FindTier("ci");
  const CorpusHash a = HashTier(ci, CorpusHashOptions(1, 2, 50000));
  const CorpusHash b = HashTier(ci, CorpusHashOptions(2, 2, 50000));
  EXPECT_NE(a.corpus, b.corpus);
  for (size_t t = 0; t < a.tables.size(); ++t)
    EXPECT_NE(a.tables[t].digest.sum, b.tables[t].digest.sum);
}

TEST(CorpusHash, TierCiIsAPrefixOfTierS) {
  const TierSpec ci = *FindTier("ci");
  const TierSpec s = *FindTier("S");
  const CorpusHash ci_hash = HashTier(ci, CorpusHashOptions(1, 2, 100000));
  ByteBuffer ci_bytes, s_bytes;
  for (const TableDef& t : CorpusTables()) {
    const uint64_t n = ci.RowsOf(t);
    TableDigest d_ci, d_s;
    t.encode(1, {0, n}, &ci_bytes, &d_ci);
    // The same rows generated as part of S's first chunk, at its chunk size.
    t.encode(1, {0, std::min<uint64_t>(s.RowsOf(t), 150000)}, &s_bytes, &d_s);
    ASSERT_GE(s_bytes.size(), ci_bytes.size());
    EXPECT_EQ(0, std::memcmp(ci_bytes.data(), s_bytes.data(), ci_bytes.size()));
    ci_bytes.clear();
    s_bytes.clear();
  }
  // S's digest is ci's plus the rows S adds beyond it.
  const CorpusHash s_hash = HashTier(s, CorpusHashOptions(1, 2, 100000));
  for (size_t i = 0; i < CorpusTables().size(); ++i) {
    const TableDef& t = CorpusTables()[i];
    TableDigest tail = HashRange(t, 1, {ci.RowsOf(t), s.RowsOf(t) - ci.RowsOf(t)}, &ci_bytes);
    tail.Merge(ci_hash.tables[i].digest);
    EXPECT_TRUE(tail == s_hash.tables[i].digest) << t.name;
  }
}

// A change to these literals is a change to the corpus: bump kGeneratorVersion.
TEST(CorpusHash, GoldenDigestOfTierCiSeed1) {
  const CorpusHash h = HashTier(*FindTier("ci"), CorpusHashOptions(1, 2, 100000));
  ASSERT_EQ(h.tables.size(), 2u);
  EXPECT_EQ(h.tables[0].table, "ivoa.obscore");
  EXPECT_EQ(h.tables[0].digest.rows, 10000u);
  EXPECT_EQ(h.tables[1].table, "gaia.gaia_source");
  EXPECT_EQ(h.tables[1].digest.rows, 100000u);
  EXPECT_EQ(h.corpus.Hex(), "d4b0f7a8f31aa82d8cea2cf260ddf62a");
}

// The digests docs/corpus.md publishes ("Reproducibility and the corpus
// hash"), so that anyone can prove a database with `skyseed verify` against a
// number instead of a second database. D2-D4: scripts/check-tier-digests.sh.
TEST(CorpusHash, PublishedDigestsOfTiersSAndD1Seed1) {
  EXPECT_EQ(HashTier(*FindTier("S"), CorpusHashOptions(1, 2, 100000)).corpus.Hex(),
            "1c17c3821f61fe4f0b3683bed7314425");
  EXPECT_EQ(HashTier(*FindTier("D1"), CorpusHashOptions(1, 2, 100000)).corpus.Hex(),
            "e6f749b09806e367262d5c29063b15de");
}

}  // namespace
}  // namespace skyseed
