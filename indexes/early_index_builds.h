// A table's set-aside indexes start building on their own connections the
// moment its last chunk commits, while the tables after it still load. The
// polygon GiST on ivoa.obscore, the longest build by far (pg_sphere computes
// each polygon's key with trigonometry, ~150 µs a row here), then runs beside
// the source catalogue's load instead of after it.
#pragma once

#include <list>
#include <mutex>
#include <string>
#include <thread>
#include <utility>

#include "common/narrator.h"
#include "common/status.h"
#include "generator/corpus_tables.h"
#include "indexes/index_builds.h"
#include "timing/phase_times.h"

namespace skyseed {

class EarlyIndexBuilds {
 public:
  explicit EarlyIndexBuilds(IndexBuildSettings settings) : settings_(std::move(settings)) {}
  ~EarlyIndexBuilds();  // joins whatever still runs
  EarlyIndexBuilds(const EarlyIndexBuilds&) = delete;
  EarlyIndexBuilds& operator=(const EarlyIndexBuilds&) = delete;

  // Starts building `table`'s stashed indexes (on --jobs connections,
  // primary key first, then the longest). Thread-safe.
  void TableLoaded(const TableDef& table);
  // Waits for every build; adds their times to *phases; the first failure.
  Status Finish(PhaseTimes* phases);

 private:
  struct Build {
    std::thread thread;
    Status status;
    IndexBuildSeconds seconds;
    TaskSeconds tasks;
  };
  const IndexBuildSettings settings_;
  std::mutex mu_;
  std::list<Build> builds_;  // a list: a running thread's Build never moves
};

}  // namespace skyseed
