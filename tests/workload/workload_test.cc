#include "workload/workload.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "generator/obscore_row.h"
#include "generator/source_row.h"
#include "generator/surveys.h"

namespace skyseed {
namespace {

TierSpec WorkloadCi() { return *FindTier("ci"); }

const WorkloadFile* FindFile(const std::vector<WorkloadFile>& files, const std::string& name) {
  for (const WorkloadFile& f : files) {
    if (f.name == name) return &f;
  }
  return nullptr;
}

size_t Lines(const std::string& s) {
  return static_cast<size_t>(std::count(s.begin(), s.end(), '\n'));
}

TEST(Workload, CountsAreAsAsked) {
  const WorkloadOptions o{7, 1234, 321};
  const WorkloadParams p = DrawWorkloadParams(WorkloadCi().RowsOf(kObsCoreTableId),
                                              WorkloadCi().RowsOf(kSourceTableId), o);
  EXPECT_EQ(p.sources.size(), 1234u);
  EXPECT_EQ(p.observations.size(), 1234u);
  EXPECT_EQ(p.cones.size(), 321u);
  const std::vector<WorkloadFile> files = RenderWorkload(WorkloadCi(), o, p);
  // A header line plus one line per parameter.
  EXPECT_EQ(Lines(FindFile(files, "params/lookup_source.csv")->content), 1235u);
  EXPECT_EQ(Lines(FindFile(files, "params/lookup_obs.csv")->content), 1235u);
  EXPECT_EQ(Lines(FindFile(files, "params/cone.csv")->content), 322u);
  EXPECT_NE(FindFile(files, "lookup_source.sql")->content.find("random(1, 1234)"),
            std::string::npos);
  EXPECT_NE(FindFile(files, "cone_source.sql")->content.find("random(1, 321)"), std::string::npos);
}

TEST(Workload, DeterministicForASeedDifferentForAnother) {
  const std::vector<WorkloadFile> a = WorkloadFiles(WorkloadCi(), {1, 500, 100});
  const std::vector<WorkloadFile> b = WorkloadFiles(WorkloadCi(), {1, 500, 100});
  const std::vector<WorkloadFile> c = WorkloadFiles(WorkloadCi(), {2, 500, 100});
  ASSERT_EQ(a.size(), b.size());
  ASSERT_EQ(a.size(), c.size());
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].name, b[i].name);
    EXPECT_EQ(a[i].content, b[i].content) << a[i].name;
  }
  for (const char* name :
       {"params/lookup_source.csv", "params/lookup_obs.csv", "params/cone.csv", "setup.sql"}) {
    EXPECT_NE(FindFile(a, name)->content, FindFile(c, name)->content) << name;
  }
}

TEST(Workload, ScriptsUseTheReadmeQueryForms) {
  const std::vector<WorkloadFile> files = WorkloadFiles(WorkloadCi(), {1, 10, 10});
  const std::string circle = "scircle(spoint(radians(:ra), radians(:dec)), radians(:radius))";
  EXPECT_NE(FindFile(files, "cone_source.sql")
                ->content.find(
                    "FROM skyseed_corpus.gaia_source WHERE spoint(radians(ra), radians(dec)) <@ " +
                    circle + ";"),
            std::string::npos);
  EXPECT_NE(FindFile(files, "footprint_obscore.sql")
                ->content.find("FROM skyseed_corpus.obscore WHERE s_region && " + circle + ";"),
            std::string::npos);
  EXPECT_NE(
      FindFile(files, "lookup_source.sql")
          ->content.find("SELECT * FROM skyseed_corpus.gaia_source WHERE source_id = :source_id;"),
      std::string::npos);
  EXPECT_NE(FindFile(files, "lookup_obs.sql")
                ->content.find("SELECT * FROM skyseed_corpus.obscore WHERE obs_pk = :obs_pk;"),
            std::string::npos);
}

TEST(Workload, MixIsSeventyThirtyAndShippedToRun) {
  int lookups = 0, total = 0;
  for (const MixEntry& m : WorkloadMix()) {
    total += m.weight;
    if (m.lookup) lookups += m.weight;
  }
  EXPECT_EQ(total, 100);
  EXPECT_EQ(lookups, 70);
  const std::vector<WorkloadFile> files = WorkloadFiles(WorkloadCi(), {1, 10, 10});
  const WorkloadFile* readme = FindFile(files, "README.txt");
  ASSERT_NE(readme, nullptr);
  EXPECT_NE(readme->content.find("pgbench -n -f lookup_source.sql@35"), std::string::npos);
  EXPECT_NE(readme->content.find("-T 60"), std::string::npos);
  const WorkloadFile* run = FindFile(files, "run-mix.sh");
  ASSERT_NE(run, nullptr);
  EXPECT_TRUE(run->executable);
  EXPECT_NE(run->content.find("clients=(1 8 16 32)"), std::string::npos);
  for (const MixEntry& m : WorkloadMix()) {
    const WorkloadFile* script = FindFile(files, std::string(m.name) + ".sql");
    ASSERT_NE(script, nullptr) << m.name;
    EXPECT_EQ(script->query_class, &m) << m.name;
  }
}

TEST(Workload, SetupLoadsEveryTableInline) {
  const std::vector<WorkloadFile> files = WorkloadFiles(WorkloadCi(), {1, 10, 10});
  const std::string& setup = FindFile(files, "setup.sql")->content;
  for (const char* t : {"lookup_source", "lookup_obs", "cone"}) {
    const std::string create = std::string("CREATE TABLE skyseed_workload.") + t + " (i integer";
    EXPECT_NE(setup.find(create), std::string::npos) << t;
    const std::string copy = std::string("COPY skyseed_workload.") + t + " (";
    EXPECT_NE(setup.find(copy), std::string::npos) << t;
  }
  // The same rows as the CSVs, each ended by \. for psql.
  EXPECT_NE(setup.find(FindFile(files, "params/cone.csv")->content + "\\.\n"), std::string::npos);
  EXPECT_EQ(setup.find("\\copy"), std::string::npos);
}

}  // namespace
}  // namespace skyseed
