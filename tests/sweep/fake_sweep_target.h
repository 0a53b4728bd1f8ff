// An in-memory SweepTarget (sweep/sweep_target.h) over a FakeSweepBench:
// the windows recorded before and the failures of preparing, finishing or
// stopping are the test's, and every call (the bench's too) goes into one
// log in order, so a test reads what SweepTierOn did with the target.
#pragma once

#include <string>
#include <vector>

#include "sweep/sweep_target.h"
#include "tests/sweep/fake_sweep_bench.h"

namespace skyseed {

class FakeSweepTarget final : public SweepTarget {
 public:
  FakeSweepBench bench;
  SweepKey key;
  std::vector<SweepWindow> recorded;  // what PrepareTier returns as measured before
  Status prepare_fails = Status::Ok();
  Status finish_fails = Status::Ok();
  Status stop_fails = Status::Ok();
  // "prepare ci held", "finish ci", "stop": the target's own calls; the
  // bench's go to bench.log, merged by Log().
  std::vector<std::string> calls;

  const char* Units() const override { return "req/s"; }
  const SweepKey& Key() const override { return key; }
  nlohmann::json Describe(const nlohmann::json& common_setup) const override {
    nlohmann::json j = common_setup;
    j["target"] = "fake";
    return j;
  }
  Result<std::vector<SweepWindow>> PrepareTier(const SweepTier& tier, TierSweep* t) override {
    Note("prepare " + t->tier + (tier.held ? " held" : " grown past"));
    if (!prepare_fails.ok()) return prepare_fails;
    return recorded;
  }
  SweepBench& Bench() override { return bench; }
  Status FinishTier(TierSweep* t) override {
    Note("finish " + t->tier);
    return finish_fails;
  }
  Status Stop() override {
    Note("stop");
    return stop_fails;
  }

  // Every call in order: the target's and the bench's.
  std::vector<std::string> Log() const {
    std::vector<std::string> out = merged_;
    out.insert(out.end(), bench.log.begin() + static_cast<long>(bench_seen_), bench.log.end());
    return out;
  }

 private:
  // The target's calls, with the bench's log between them read in place.
  void Note(const std::string& call) {
    calls.push_back(call);
    merged_.insert(merged_.end(), bench.log.begin() + static_cast<long>(bench_seen_),
                   bench.log.end());
    bench_seen_ = bench.log.size();
    merged_.push_back(call);
  }
  std::vector<std::string> merged_;
  size_t bench_seen_ = 0;
};

}  // namespace skyseed
