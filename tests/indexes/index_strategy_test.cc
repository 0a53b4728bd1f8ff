// Which indexes a growth step sets aside, and the order stashed indexes are
// rebuilt in, decided over the schema's real index list.
#include "indexes/index_strategy.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "generator/obscore_row.h"
#include "generator/source_row.h"
#include "tests/corpus_table_defs.h"

namespace skyseed {
namespace {

using Names = std::vector<std::string>;

Names NamesOf(const std::vector<const IndexDef*>& indexes) {
  Names out;
  for (const IndexDef* i : indexes) out.push_back(i->name);
  return out;
}

std::vector<StashEntry> Stash(const Names& names) {
  std::vector<StashEntry> out;
  for (const std::string& n : names) out.push_back({n, "", ""});
  return out;
}

TEST(IndexStrategy, ChooseIndexAction) {
  // Nothing loaded yet: every btree is built once, after the load.
  EXPECT_EQ(ChooseIndexAction(IndexKind::kPrimaryKey, 0, 10, true), IndexAction::kSetAside);
  EXPECT_EQ(ChooseIndexAction(IndexKind::kBtree, 0, 1, true), IndexAction::kSetAside);
  // A GiST grows with the load (on every loading connection) ...
  EXPECT_EQ(ChooseIndexAction(IndexKind::kPolygonGist, 0, 10, true), IndexAction::kKeepLive);
  // ... unless asked to be built after the load of an empty table.
  EXPECT_EQ(ChooseIndexAction(IndexKind::kPointGist, 0, 10, false), IndexAction::kSetAside);
  // A GiST over loaded rows stays live, however large the step.
  EXPECT_EQ(ChooseIndexAction(IndexKind::kPointGist, 100, 1'000'000, false),
            IndexAction::kKeepLive);
  EXPECT_EQ(ChooseIndexAction(IndexKind::kPointGist, 100, 1'000'000, true), IndexAction::kKeepLive);
  // A btree is rebuilt once the step adds a seventh of the rows already
  // there: live insertion costs ~8x a sorted build per row, so rebuilding
  // 700 + 100 rows (800 units) beats inserting 100 live (800 units).
  EXPECT_EQ(ChooseIndexAction(IndexKind::kBtree, 700, 100, true), IndexAction::kSetAside);
  EXPECT_EQ(ChooseIndexAction(IndexKind::kBtree, 701, 100, true), IndexAction::kKeepLive);
  EXPECT_EQ(ChooseIndexAction(IndexKind::kPrimaryKey, 700, 100, false), IndexAction::kSetAside);
  EXPECT_EQ(ChooseIndexAction(IndexKind::kPrimaryKey, 701, 100, false), IndexAction::kKeepLive);
  // The builtin steps: D3 -> D4 adds 69 M source rows to 86 M (once kept
  // live, 5-7x slower); a resumed step with 1 % left keeps what it has.
  EXPECT_EQ(ChooseIndexAction(IndexKind::kBtree, 86'360'000, 68'850'000, true),
            IndexAction::kSetAside);
  EXPECT_EQ(ChooseIndexAction(IndexKind::kBtree, 153'000'000, 2'210'000, true),
            IndexAction::kKeepLive);
}

TEST(IndexStrategy, AFirstLoadSetsAsideWhatIsNotStashedAlready) {
  const std::vector<IndexDef> indexes = CorpusIndexes(QuoteIdentifierOffline);
  const std::vector<Chunk> chunks = {{&ObscoreDef(), {0, 10}}, {&SourceDef(), {0, 100}}};
  // Everything, in declaration order, when the GiSTs are built after the
  // load: nothing to repay on an empty table.
  EXPECT_EQ(
      NamesOf(IndexesToSetAside(indexes, {}, {}, chunks, false)),
      (Names{"obscore_pkey", "obscore_obs_id_idx", "obscore_obs_publisher_did_idx",
             "obscore_t_min_idx", "obscore_t_max_idx", "obscore_em_min_idx", "obscore_em_max_idx",
             "obscore_q3c_idx", "obscore_s_point_idx", "obscore_s_region_idx", "gaia_source_pkey",
             "gaia_source_q3c_idx", "gaia_source_pos_idx"}));
  EXPECT_EQ(NamesOf(IndexesToSetAside(indexes, Stash({"obscore_pkey", "gaia_source_pos_idx"}), {},
                                      chunks, false)),
            (Names{"obscore_obs_id_idx", "obscore_obs_publisher_did_idx", "obscore_t_min_idx",
                   "obscore_t_max_idx", "obscore_em_min_idx", "obscore_em_max_idx",
                   "obscore_q3c_idx", "obscore_s_point_idx", "obscore_s_region_idx",
                   "gaia_source_pkey", "gaia_source_q3c_idx"}));
  // By default the GiSTs stay, to grow with the load.
  EXPECT_EQ(
      NamesOf(IndexesToSetAside(indexes, {}, {}, chunks, true)),
      (Names{"obscore_pkey", "obscore_obs_id_idx", "obscore_obs_publisher_did_idx",
             "obscore_t_min_idx", "obscore_t_max_idx", "obscore_em_min_idx", "obscore_em_max_idx",
             "obscore_q3c_idx", "gaia_source_pkey", "gaia_source_q3c_idx"}));
}

TEST(IndexStrategy, StashedGistsAreBuiltFirstToGrowWithTheLoad) {
  const std::vector<IndexDef> indexes = CorpusIndexes(QuoteIdentifierOffline);
  const std::vector<StashEntry> all =
      Stash({"obscore_pkey", "obscore_s_point_idx", "obscore_s_region_idx", "gaia_source_pkey",
             "gaia_source_pos_idx"});
  // A new corpus has every index stashed: the GiSTs of the tables this step
  // loads are built now (on empty tables), the btrees stay for later.
  EXPECT_EQ(NamesOf(IndexesToBuildFirst(indexes, all, {}, {{&ObscoreDef(), {0, 10}}}, true)),
            (Names{"obscore_s_point_idx", "obscore_s_region_idx"}));
  EXPECT_EQ(NamesOf(IndexesToBuildFirst(
                indexes, all, {}, {{&ObscoreDef(), {0, 10}}, {&SourceDef(), {0, 100}}}, true)),
            (Names{"obscore_s_point_idx", "obscore_s_region_idx", "gaia_source_pos_idx"}));
  // Built after the load instead: nothing first on an empty table ...
  EXPECT_TRUE(IndexesToBuildFirst(indexes, all, {}, {{&ObscoreDef(), {0, 10}}}, false).empty());
  // ... but a GiST still stashed over loaded rows (a run stopped before its
  // build) is built before more rows come, as it is kept live from there.
  const std::vector<LedgerEntry> ledger = {{"ivoa.obscore", {0, 100}, {}}};
  EXPECT_EQ(NamesOf(IndexesToBuildFirst(indexes, all, ledger, {{&ObscoreDef(), {100, 10}}}, false)),
            (Names{"obscore_s_point_idx", "obscore_s_region_idx"}));
  // An index not stashed is live already.
  EXPECT_TRUE(IndexesToBuildFirst(indexes, {}, {}, {{&ObscoreDef(), {0, 10}}}, true).empty());
}

TEST(IndexStrategy, AStepThatAddsASeventhRebuildsItsBtrees) {
  const std::vector<IndexDef> indexes = CorpusIndexes(QuoteIdentifierOffline);
  const std::vector<LedgerEntry> ledger = {{"ivoa.obscore", {0, 100}, {}},
                                           {"gaia.gaia_source", {0, 1000}, {}}};
  // Only ivoa.obscore grows, by 15 rows: its btrees (the q3c key is one)
  // go, its GiSTs stay, and the source catalogue's indexes are not touched.
  EXPECT_EQ(NamesOf(IndexesToSetAside(indexes, {}, ledger, {{&ObscoreDef(), {100, 15}}}, true)),
            (Names{"obscore_pkey", "obscore_obs_id_idx", "obscore_obs_publisher_did_idx",
                   "obscore_t_min_idx", "obscore_t_max_idx", "obscore_em_min_idx",
                   "obscore_em_max_idx", "obscore_q3c_idx"}));
  // A smaller step keeps everything live.
  EXPECT_TRUE(IndexesToSetAside(indexes, {}, ledger, {{&ObscoreDef(), {100, 14}}}, true).empty());
}

TEST(IndexStrategy, BuildOrderStartsTheLongestFirst) {
  const std::vector<IndexDef> indexes = CorpusIndexes(QuoteIdentifierOffline);
  // As ReadStash returns it: by name.
  const std::vector<StashEntry> stash =
      Stash({"gaia_source_pkey", "gaia_source_pos_idx", "obscore_obs_id_idx", "obscore_pkey",
             "obscore_s_point_idx", "obscore_s_region_idx"});
  auto order = IndexBuildOrder(indexes, stash, nullptr);
  ASSERT_TRUE(order.ok());
  // The polygon GiST (by far the longest), the point GiSTs, then the btrees
  // in the stash's order: the primary keys are built like any other index.
  EXPECT_EQ(NamesOf(*order),
            (Names{"obscore_s_region_idx", "gaia_source_pos_idx", "obscore_s_point_idx",
                   "gaia_source_pkey", "obscore_obs_id_idx", "obscore_pkey"}));
}

// The order follows the class each index declares, whatever its name: a
// polygon GiST named like nothing else starts first, a point GiST whose
// name says "region" does not.
TEST(IndexStrategy, BuildOrderFollowsTheDeclaredClassNotTheName) {
  auto declared = [](const char* name, IndexKind kind) {
    return IndexDef{name, &ObscoreDef(), kind, "", "", "", "", {}};
  };
  const std::vector<IndexDef> indexes = {
      declared("a_btree", IndexKind::kBtree), declared("b_region_point", IndexKind::kPointGist),
      declared("c_key", IndexKind::kPrimaryKey), declared("z_footprint", IndexKind::kPolygonGist)};
  auto order = IndexBuildOrder(
      indexes, Stash({"a_btree", "b_region_point", "c_key", "z_footprint"}), nullptr);
  ASSERT_TRUE(order.ok());
  EXPECT_EQ(NamesOf(*order), (Names{"z_footprint", "b_region_point", "a_btree", "c_key"}));
}

TEST(IndexStrategy, BuildOrderOfOneTable) {
  const std::vector<IndexDef> indexes = CorpusIndexes(QuoteIdentifierOffline);
  const std::vector<StashEntry> stash =
      Stash({"gaia_source_pkey", "gaia_source_pos_idx", "obscore_obs_id_idx"});
  auto order = IndexBuildOrder(indexes, stash, &SourceDef());
  ASSERT_TRUE(order.ok());
  EXPECT_EQ(NamesOf(*order), (Names{"gaia_source_pos_idx", "gaia_source_pkey"}));
  order = IndexBuildOrder(indexes, Stash({"gaia_source_pos_idx"}), &ObscoreDef());
  ASSERT_TRUE(order.ok());
  EXPECT_TRUE(order->empty());
}

TEST(IndexStrategy, AStashEntryTheSchemaLacksIsCorruption) {
  const std::vector<IndexDef> indexes = CorpusIndexes(QuoteIdentifierOffline);
  auto order = IndexBuildOrder(indexes, Stash({"obscore_pkey", "dropped_idx"}), nullptr);
  ASSERT_FALSE(order.ok());
  EXPECT_EQ(order.status().code(), Status::Code::kCorruption);
  EXPECT_EQ(order.status().message(), "index stash names unknown index dropped_idx");
}

}  // namespace
}  // namespace skyseed
