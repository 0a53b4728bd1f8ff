#include "generator/count_tree.h"

#include "generator/binomial.h"
#include "generator/row_rng.h"

namespace skyseed {

CountTree::CountTree(const std::vector<double>* cumulative, uint64_t seed, uint32_t stream,
                     RowRange step)
    : cumulative_(cumulative), seed_(seed), stream_(stream), step_(step) {
  path_.push_back({0, cumulative->size(), 0, step.count});
}

CountTree::Node CountTree::Child(const Node& node, uint64_t offset) const {
  const uint64_t mid = node.lo + (node.hi - node.lo) / 2;
  const double base = MassBelow(node.lo);
  const double p = (MassBelow(mid) - base) / (MassBelow(node.hi) - base);
  // The node's own stream: leaves < 2^32, so (lo, hi) names it within the
  // step; the step by its first row.
  RowRng rng(seed_, stream_, SplitMix64(step_.first) ^ ((node.lo << 32) | node.hi));
  const uint64_t left = Binomial(rng, node.count, p);
  if (offset - node.first < left) return {node.lo, mid, node.first, left};
  return {mid, node.hi, node.first + left, node.count - left};
}

LeafRows CountTree::Find(uint64_t offset) {
  while (path_.size() > 1 &&
         (offset < path_.back().first || offset - path_.back().first >= path_.back().count)) {
    path_.pop_back();
  }
  while (path_.back().hi - path_.back().lo > 1) path_.push_back(Child(path_.back(), offset));
  const Node& leaf = path_.back();
  return {leaf.lo, leaf.first, leaf.count};
}

}  // namespace skyseed
