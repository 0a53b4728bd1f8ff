// An in-memory SweepBench (sweep/sweep_bench.h): each window is what the
// test's script says (figures and flags, as a load generator and the guards
// would have left them), the warm-up intervals a scripted series, and every
// call is logged in order, so a test reads what the tier loop decided to
// measure, record and update.
#pragma once

#include <algorithm>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "capacity/warmup.h"
#include "sweep/sweep_bench.h"

namespace skyseed {

class FakeSweepBench final : public SweepBench {
 public:
  // The window measured at (clients, rep); its identity is filled in here.
  std::function<SweepWindow(int clients, int rep)> script;
  // Warm-up interval n's figures are warmup[n - 1], the last one repeated.
  std::vector<WarmupInterval> warmup = {{}};
  // "prime ahead", "warmup 1 at 2 clients 5 s", "run 2/1 10 s", "record 2/1",
  // "update 2/1".
  std::vector<std::string> log;
  std::map<std::pair<int, int>, SweepWindow> records;  // as recorded or updated last
  // A window at this client count fails to run (its load generator could
  // not start); 0: none does.
  int fails_at_clients = 0;

  Result<std::string> Prime() override {
    log.push_back("prime ahead");
    return std::string("the scripted working set");
  }
  Result<SweepWindow> RunWarmupInterval(int n, int clients, int seconds) override {
    log.push_back("warmup " + std::to_string(n) + " at " + std::to_string(clients) + " clients " +
                  std::to_string(seconds) + " s");
    const WarmupInterval& i = warmup[std::min<size_t>(n - 1, warmup.size() - 1)];
    SweepWindow w;
    w.clients = clients;
    w.seconds = seconds;
    w.tps = i.tps;
    w.hit_ratio = i.hit_ratio;
    w.reads_per_s = i.reads_per_s;
    return w;
  }
  Result<SweepWindow> RunWindow(int clients, int rep, int seconds) override {
    log.push_back("run " + Name(clients, rep) + " " + std::to_string(seconds) + " s");
    if (clients == fails_at_clients) return Status::Unavailable("the scripted window failed");
    SweepWindow w = script(clients, rep);
    w.clients = clients;
    w.rep = rep;
    w.seconds = seconds;
    return w;
  }
  Status RecordWindow(const SweepWindow& w) override {
    log.push_back("record " + Name(w.clients, w.rep));
    records[{w.clients, w.rep}] = w;
    return Status::Ok();
  }
  Status UpdateWindow(const SweepWindow& w) override {
    log.push_back("update " + Name(w.clients, w.rep));
    records[{w.clients, w.rep}] = w;
    return Status::Ok();
  }

  // The log's entries that start with `what` ("run", "warmup", ...).
  std::vector<std::string> Logged(const std::string& what) const {
    std::vector<std::string> out;
    for (const std::string& l : log) {
      if (l.rfind(what + " ", 0) == 0) out.push_back(l);
    }
    return out;
  }

 private:
  static std::string Name(int clients, int rep) {
    return std::to_string(clients) + "/" + std::to_string(rep);
  }
};

}  // namespace skyseed
