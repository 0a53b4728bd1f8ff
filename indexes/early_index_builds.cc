#include "indexes/early_index_builds.h"

#include "indexes/index_builds.h"

namespace skyseed {

EarlyIndexBuilds::~EarlyIndexBuilds() {
  for (Build& b : builds_) {
    if (b.thread.joinable()) b.thread.join();
  }
}

void EarlyIndexBuilds::TableLoaded(const TableDef& table) {
  std::lock_guard<std::mutex> lock(mu_);
  Build& b = builds_.emplace_back();
  b.thread = std::thread([this, &b, &table] {
    b.status = RebuildStashedIndexes(settings_, &b.seconds, &b.tasks, &table);
  });
}

Status EarlyIndexBuilds::Finish(PhaseTimes* phases) {
  Status first;
  std::lock_guard<std::mutex> lock(mu_);
  for (Build& b : builds_) {
    if (b.thread.joinable()) b.thread.join();
    phases->AddBuilds(b.seconds);
    AddTasks(&phases->tasks, b.tasks);
    if (first.ok() && !b.status.ok()) first = b.status;
  }
  builds_.clear();
  return first;
}

}  // namespace skyseed
