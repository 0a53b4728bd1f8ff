// The corpus indexes a database holds against the declared ones: what
// pg_get_indexdef prints for a healthy corpus passes, and each way an index
// can be lost outside skyseed is a finding naming it.
#include "indexes/index_audit.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace skyseed {
namespace {

// What PostgreSQL 15 prints (pg_get_indexdef) for a grown corpus.
std::vector<LiveIndex> HealthyCorpus() {
  const std::string obscore = " ON skyseed_corpus.obscore USING ";
  const std::string source = " ON skyseed_corpus.gaia_source USING ";
  return {
      {"obscore_pkey", "CREATE UNIQUE INDEX obscore_pkey" + obscore + "btree (obs_pk)", true, true},
      {"obscore_obs_id_idx", "CREATE INDEX obscore_obs_id_idx" + obscore + "btree (obs_id)"},
      {"obscore_obs_publisher_did_idx",
       "CREATE INDEX obscore_obs_publisher_did_idx" + obscore + "btree (obs_publisher_did)"},
      {"obscore_t_min_idx", "CREATE INDEX obscore_t_min_idx" + obscore + "btree (t_min)"},
      {"obscore_t_max_idx", "CREATE INDEX obscore_t_max_idx" + obscore + "btree (t_max)"},
      {"obscore_em_min_idx", "CREATE INDEX obscore_em_min_idx" + obscore + "btree (em_min)"},
      {"obscore_em_max_idx", "CREATE INDEX obscore_em_max_idx" + obscore + "btree (em_max)"},
      {"obscore_q3c_idx",
       "CREATE INDEX obscore_q3c_idx" + obscore + "btree (q3c_ang2ipix(s_ra, s_dec))"},
      {"obscore_s_point_idx", "CREATE INDEX obscore_s_point_idx" + obscore +
                                  "gist (spoint(radians(s_ra), radians(s_dec)))"},
      {"obscore_s_region_idx", "CREATE INDEX obscore_s_region_idx" + obscore + "gist (s_region)"},
      {"gaia_source_pkey", "CREATE UNIQUE INDEX gaia_source_pkey" + source + "btree (source_id)",
       true, true},
      {"gaia_source_q3c_idx",
       "CREATE INDEX gaia_source_q3c_idx" + source + "btree (q3c_ang2ipix(ra, dec))"},
      {"gaia_source_pos_idx",
       "CREATE INDEX gaia_source_pos_idx" + source + "gist (spoint(radians(ra), radians(dec)))"},
  };
}

std::vector<LiveIndex> Without(std::vector<LiveIndex> live, const std::string& name) {
  std::erase_if(live, [&](const LiveIndex& l) { return l.name == name; });
  return live;
}

LiveIndex& IndexAuditFind(std::vector<LiveIndex>& live, const std::string& name) {
  for (LiveIndex& l : live) {
    if (l.name == name) return l;
  }
  ADD_FAILURE() << "no index " << name;
  return live.front();
}

// Declared with PostgreSQL's quoting, as grow and verify build them.
std::vector<IndexDef> Declared() { return CorpusIndexes(QuoteIdentifierOffline); }

TEST(IndexAudit, AHealthyCorpusHasNoFinding) {
  EXPECT_TRUE(AuditIndexes(Declared(), HealthyCorpus(), {}).empty());
  // An index of the owner's beside them is not skyseed's business.
  std::vector<LiveIndex> live = HealthyCorpus();
  live.push_back({"my_idx", "CREATE INDEX my_idx ON skyseed_corpus.obscore USING btree (s_fov)"});
  EXPECT_TRUE(AuditIndexes(Declared(), live, {}).empty());
}

TEST(IndexAudit, TheDeclaredDefinitionIsWhatPostgresPrints) {
  for (const IndexDef& d : Declared()) {
    std::vector<LiveIndex> live = HealthyCorpus();
    EXPECT_EQ(DeclaredIndexDefinition(d), IndexAuditFind(live, d.name).definition);
  }
}

TEST(IndexAudit, AMissingIndexIsNamed) {
  for (const char* name : {"gaia_source_pos_idx", "obscore_s_region_idx", "obscore_pkey"}) {
    const std::vector<IndexFinding> f =
        AuditIndexes(Declared(), Without(HealthyCorpus(), name), {});
    ASSERT_EQ(f.size(), 1u) << name;
    EXPECT_EQ(f[0].kind, IndexFinding::Kind::kMissing);
    EXPECT_EQ(f[0].name, name);
    EXPECT_NE(DescribeIndexFinding(f[0]).find(std::string("index ") + name + " is missing"),
              std::string::npos);
  }
}

TEST(IndexAudit, AStashedIndexIsTheUnfinishedGrowsNotAFinding) {
  const std::vector<LiveIndex> live = Without(HealthyCorpus(), "obscore_s_region_idx");
  EXPECT_TRUE(AuditIndexes(Declared(), live, {{"obscore_s_region_idx", "", ""}}).empty());
}

TEST(IndexAudit, AnInvalidIndexIsAFinding) {
  std::vector<LiveIndex> live = HealthyCorpus();
  IndexAuditFind(live, "gaia_source_q3c_idx").valid = false;
  const std::vector<IndexFinding> f = AuditIndexes(Declared(), live, {});
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].kind, IndexFinding::Kind::kInvalid);
  EXPECT_NE(DescribeIndexFinding(f[0]).find("gaia_source_q3c_idx is invalid"), std::string::npos);
}

TEST(IndexAudit, AnIndexNotAsDeclaredIsAFinding) {
  std::vector<LiveIndex> live = HealthyCorpus();
  IndexAuditFind(live, "obscore_t_min_idx").definition =
      "CREATE INDEX obscore_t_min_idx ON skyseed_corpus.obscore USING btree (t_max)";
  IndexAuditFind(live, "obscore_s_region_idx").definition =
      "CREATE INDEX obscore_s_region_idx ON skyseed_corpus.obscore USING brin (s_region)";
  // The primary key's unique index without its constraint.
  IndexAuditFind(live, "gaia_source_pkey").primary_key = false;
  const std::vector<IndexFinding> f = AuditIndexes(Declared(), live, {});
  ASSERT_EQ(f.size(), 3u);
  for (const IndexFinding& one : f) EXPECT_EQ(one.kind, IndexFinding::Kind::kDifferent);
  EXPECT_EQ(f[0].name, "obscore_t_min_idx");
  EXPECT_NE(DescribeIndexFinding(f[0]).find("btree (t_max)"), std::string::npos);
  EXPECT_EQ(f[2].name, "gaia_source_pkey");
  EXPECT_NE(DescribeIndexFinding(f[2]).find("PRIMARY KEY"), std::string::npos);
}

TEST(IndexAudit, QuotesAndBlanksDoNotMatter) {
  EXPECT_EQ(NormalizedIndexDefinition("CREATE INDEX \"a\" ON  \"s\".\"t\" USING btree (\"c\") "),
            "CREATE INDEX a ON s.t USING btree (c)");
}

// A stash record is stale only where its index is built, valid and as
// declared; a primary key's unique index without its constraint is half
// built, and the stash entry is what finishes it.
TEST(IndexAudit, StashRecordsOfBuiltIndexesAreStale) {
  const std::vector<StashEntry> stash = {{"obscore_em_min_idx", "ivoa.obscore", ""},
                                         {"obscore_t_max_idx", "ivoa.obscore", ""},
                                         {"obscore_pkey", "ivoa.obscore", ""},
                                         {"obscore_s_region_idx", "ivoa.obscore", ""}};
  std::vector<LiveIndex> live = Without(HealthyCorpus(), "obscore_s_region_idx");
  IndexAuditFind(live, "obscore_t_max_idx").definition =
      "CREATE INDEX obscore_t_max_idx ON skyseed_corpus.obscore USING btree (t_min)";
  IndexAuditFind(live, "obscore_pkey").primary_key = false;
  EXPECT_EQ(StashedButBuilt(Declared(), live, stash),
            std::vector<std::string>{"obscore_em_min_idx"});
  IndexAuditFind(live, "obscore_em_min_idx").valid = false;
  EXPECT_TRUE(StashedButBuilt(Declared(), live, stash).empty());
}

}  // namespace
}  // namespace skyseed
