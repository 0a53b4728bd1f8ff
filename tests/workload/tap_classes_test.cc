#include "workload/tap_classes.h"

#include <gtest/gtest.h>

#include <regex>
#include <set>

#include "generator/corpus_tables.h"
#include "generator/obscore_row.h"
#include "generator/source_row.h"
#include "workload/workload.h"

namespace skyseed {
namespace {

TierSpec Ci() { return *FindTier("ci"); }

TEST(TapClasses, MixSumsToHundredAndCounterpartsExist) {
  int total = 0;
  for (const TapClass& c : TapMix()) {
    total += c.weight;
    if (c.database_class != nullptr) {
      EXPECT_NE(FindQueryClass(c.database_class), nullptr) << c.name;
    }
  }
  EXPECT_EQ(total, 100);
  EXPECT_NE(FindTapClass("aggregate_obscore"), nullptr);
  EXPECT_NE(FindQueryClass("aggregate_obscore"), nullptr) << "a pgbench class too";
  EXPECT_EQ(FindTapClass("lookup_source"), nullptr);
}

// Every lookup names a row the tier holds: its key read back from the
// generator's own row, not from the draw that chose it.
TEST(TapClasses, LookupsNameRowsTheGeneratorMakes) {
  const WorkloadOptions o{5, 40, 10};
  const TierSpec tier = Ci();
  const WorkloadParams p =
      DrawWorkloadParams(tier.RowsOf(kObsCoreTableId), tier.RowsOf(kSourceTableId), o);
  const std::vector<std::string> q = TapQueriesOf(*FindTapClass("tap_lookup"), tier, o, {});
  ASSERT_EQ(q.size(), 40u);
  const std::regex did("obs_publisher_did = '([^']+)'$");
  const std::regex id("source_id = ([0-9]+)$");
  int dids = 0, ids = 0;
  for (size_t k = 0; k < q.size(); ++k) {
    std::smatch m;
    if (std::regex_search(q[k], m, did)) {
      ObsCoreRow row;
      GenerateObsCoreRow(o.seed, p.observations[k].row, &row);
      EXPECT_EQ(m[1].str(), row.obs_publisher_did) << q[k];
      EXPECT_EQ(q[k].rfind("SELECT * FROM ivoa.obscore WHERE", 0), 0u) << q[k];
      ++dids;
    } else {
      ASSERT_TRUE(std::regex_search(q[k], m, id)) << q[k];
      SourceRow row;
      GenerateSourceRow(o.seed, p.sources[k].row, &row);
      EXPECT_EQ(m[1].str(), std::to_string(row.source_id)) << q[k];
      ++ids;
    }
  }
  EXPECT_EQ(dids, 20);
  EXPECT_EQ(ids, 20);
}

TEST(TapClasses, QueryFilesAreOneQueryPerLineAndDeterministic) {
  const TierSpec tier = Ci();
  const TapTables tables{"ivoa.obscore", "my.sources"};
  for (const TapClass& c : TapMix()) {
    const std::string a = TapQueryFile(c, tier, {1, 30, 20}, tables);
    EXPECT_EQ(a, TapQueryFile(c, tier, {1, 30, 20}, tables)) << c.name;
    const std::vector<std::string> q = TapQueriesOf(c, tier, {1, 30, 20}, tables);
    ASSERT_FALSE(q.empty()) << c.name;
    size_t lines = 0;
    for (char ch : a) lines += ch == '\n';
    EXPECT_EQ(lines, q.size() + 1) << "a comment line, then one line per query: " << c.name;
    for (const std::string& s : q) {
      EXPECT_EQ(s.find('\n'), std::string::npos);
      EXPECT_TRUE(s.find("ivoa.obscore") != std::string::npos ||
                  s.find("my.sources") != std::string::npos)
          << s;
    }
  }
  const TapClass& cone = *FindTapClass("tap_cone");
  EXPECT_NE(TapQueryFile(cone, tier, {1, 30, 20}, tables),
            TapQueryFile(cone, tier, {2, 30, 20}, tables))
      << "another seed draws other cones";
  EXPECT_EQ(TapQueriesOf(cone, tier, {1, 30, 20}, tables).size(), 20u);
}

}  // namespace
}  // namespace skyseed
