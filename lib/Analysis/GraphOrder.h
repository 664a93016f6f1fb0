//===- GraphOrder.h - Depth-first orders of graphs over numbers -*- C++ -*-===//
//
// The control-flow graph and the post-dominator tree's reverse graph walk
// the same way: depth first from a root, successors in order, as LLVM's
// post-order iterator walks, with a flag per node rather than a pointer
// set.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_LIB_ANALYSIS_GRAPHORDER_H
#define TCGEN05_LIB_ANALYSIS_GRAPHORDER_H

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

namespace tcgen05 {

/// The nodes Root reaches, in reverse post-order, into Order.  Nodes are
/// 0..NumNodes-1; Count(N) is N's number of successors and Succ(N, K) its
/// K-th.
template <typename CountFn, typename SuccFn>
void reversePostOrder(size_t NumNodes, uint32_t Root, CountFn &&Count,
                      SuccFn &&Succ, std::vector<uint32_t> &Order) {
  Order.clear();
  Order.reserve(NumNodes);
  std::vector<bool> Seen(NumNodes);
  std::vector<std::pair<uint32_t, uint32_t>> Stack; // node, next successor
  Seen[Root] = true;
  Stack.push_back({Root, 0});
  while (!Stack.empty()) {
    auto &[N, Next] = Stack.back();
    if (Next < Count(N)) {
      uint32_t To = Succ(N, Next++);
      if (!Seen[To]) {
        Seen[To] = true;
        Stack.push_back({To, 0});
      }
      continue;
    }
    Order.push_back(N);
    Stack.pop_back();
  }
  std::reverse(Order.begin(), Order.end());
}

} // namespace tcgen05

#endif
