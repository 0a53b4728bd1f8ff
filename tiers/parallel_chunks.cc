#include "tiers/parallel_chunks.h"

#include <atomic>
#include <mutex>
#include <thread>

namespace skyseed {

Status RunParallel(size_t n, int threads, const std::function<Status(size_t i, int worker)>& fn) {
  std::atomic<size_t> next{0};
  std::atomic<bool> failed{false};
  std::mutex mu;
  Status first_error;
  auto work = [&](int worker) {
    while (!failed.load()) {
      const size_t i = next.fetch_add(1);
      if (i >= n) return;
      Status s = fn(i, worker);
      if (!s.ok()) {
        std::lock_guard<std::mutex> lock(mu);
        if (!failed.exchange(true)) first_error = s;
      }
    }
  };
  std::vector<std::thread> pool;
  for (int w = 1; w < threads; ++w) pool.emplace_back(work, w);
  work(0);
  for (std::thread& t : pool) t.join();
  return first_error;
}

}  // namespace skyseed
