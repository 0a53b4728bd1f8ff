// The manifest store's parts that need no server: the identity check, the
// tier lookup, and the conditions written into workload scripts.
#include "store/manifest_store.h"

#include <gtest/gtest.h>

#include "generator/obscore_row.h"

namespace skyseed {
namespace {

TEST(ManifestStore, CorpusIdentity) {
  EXPECT_TRUE(CheckCorpusIdentity({7, kGeneratorVersion}, 7).ok());
  const Status seed = CheckCorpusIdentity({7, kGeneratorVersion}, 8);
  EXPECT_EQ(seed.code(), Status::Code::kInvalidArgument);
  EXPECT_NE(seed.message().find("pass --seed 7"), std::string::npos);
  const Status version = CheckCorpusIdentity({7, "skyseed-gen-0"}, 7);
  EXPECT_EQ(version.code(), Status::Code::kInvalidArgument);
  EXPECT_NE(version.message().find("grown by generator skyseed-gen-0"), std::string::npos);
}

TierRecord Recorded(std::string tier) {
  TierRecord t;
  t.tier = std::move(tier);
  return t;
}

TEST(ManifestStore, HasTier) {
  const std::vector<TierRecord> records = {Recorded("ci"), Recorded("S")};
  EXPECT_TRUE(HasTier(records, "S"));
  EXPECT_FALSE(HasTier(records, "s"));
  EXPECT_FALSE(HasTier({}, "ci"));
}

TEST(ManifestStore, ScriptConditions) {
  EXPECT_EQ(ManifestTableExistsSql(ManifestCorpus()), "to_regclass('skyseed.corpus') IS NOT NULL");
  EXPECT_EQ(CorpusOfSeedSql(42),
            "SELECT 1 FROM skyseed.corpus WHERE seed = 42 AND generator_version = 'skyseed-gen-5'");
  EXPECT_EQ(TierReachedRowsSql(CorpusTableWithId(kObsCoreTableId), 10000),
            "SELECT 1 FROM skyseed.tier_table WHERE table_name = 'ivoa.obscore' AND rows >= 10000");
}

}  // namespace
}  // namespace skyseed
