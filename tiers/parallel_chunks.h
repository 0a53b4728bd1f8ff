// Runs independent tasks on N threads. Chunks share no generator state, so
// any order is correct; the first failure stops the hand-out of further
// tasks and is returned.
#pragma once

#include <cstddef>
#include <functional>
#include <vector>

#include "common/status.h"
#include "tiers/chunk_plan.h"

namespace skyseed {

// fn(i, worker) for i in [0, n), worker in [0, threads).
Status RunParallel(size_t n, int threads, const std::function<Status(size_t i, int worker)>& fn);

inline Status RunChunks(const std::vector<Chunk>& chunks, int threads,
                        const std::function<Status(const Chunk&, int worker)>& fn) {
  return RunParallel(chunks.size(), threads,
                     [&](size_t i, int worker) { return fn(chunks[i], worker); });
}

}  // namespace skyseed
