// A step's rows shared out over leaves in sky order as independent draws
// would share them: the count of the whole step is split down a binary tree
// over the leaves' index range, each node's count going left with
// Binomial(count, mass(left) / mass(node)) drawn from a stream of its own
// (seed, stream, step, node). The leaves' counts are then exactly
// Multinomial(n, masses), and leaf k's rows follow leaf k - 1's, so the rows
// of a step come leaf after leaf. Row i finds its leaf by descending the
// tree; the path is kept, so a run of consecutive rows splits each node once.
#pragma once

#include <cstdint>
#include <vector>

#include "generator/corpus_tables.h"

namespace skyseed {

// The rows of one leaf: leaf index, offset of its first row in the step,
// how many rows it holds (at least the one asked for).
struct LeafRows {
  uint64_t leaf;
  uint64_t first;
  uint64_t count;
};

class CountTree {
 public:
  // cumulative: inclusive cumulative masses of the leaves (last > 0); it
  // must outlive the tree. stream: a RowRng table id of its own.
  CountTree(const std::vector<double>* cumulative, uint64_t seed, uint32_t stream, RowRange step);

  bool Serves(const std::vector<double>* cumulative, uint64_t seed, RowRange step) const {
    return cumulative == cumulative_ && seed == seed_ && step.first == step_.first &&
           step.count == step_.count;
  }
  // The leaf holding the step's row at `offset` (< step.count).
  LeafRows Find(uint64_t offset);

 private:
  struct Node {
    uint64_t lo, hi;        // leaves [lo, hi)
    uint64_t first, count;  // its rows: offsets [first, first + count)
  };
  double MassBelow(uint64_t leaf) const { return leaf == 0 ? 0.0 : (*cumulative_)[leaf - 1]; }
  Node Child(const Node& node, uint64_t offset) const;

  const std::vector<double>* cumulative_;
  uint64_t seed_;
  uint32_t stream_;
  RowRange step_;
  std::vector<Node> path_;  // root first; each node holds the next
};

}  // namespace skyseed
