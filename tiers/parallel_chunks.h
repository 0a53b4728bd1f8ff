// Runs one function over a list of chunks on N threads. Chunks are
// independent (no generator state crosses them), so any order is correct;
// the first failure stops the hand-out of further chunks and is returned.
#pragma once

#include <functional>
#include <vector>

#include "common/status.h"
#include "tiers/chunk_plan.h"

namespace skyseed {

// fn(chunk, worker) runs on worker in [0, threads).
Status RunChunks(const std::vector<Chunk>& chunks, int threads,
                 const std::function<Status(const Chunk&, int worker)>& fn);

}  // namespace skyseed
