//===- UniformityReaching.h - State of the reaching-write refinement -*- C++
//-*-===//
//
// Private to the uniformity analysis: the writes classified so far by
// UniformityInfo::reachingGuard, kept across the branches of one function.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_LIB_ANALYSIS_UNIFORMITYREACHING_H
#define TCGEN05_LIB_ANALYSIS_UNIFORMITYREACHING_H

#include "tcgen05/Analysis/Uniformity.h"

#include "llvm/ADT/DenseMap.h"

#include <utility>
#include <vector>

namespace tcgen05 {

struct UniformityInfo::ReachingState {
  struct Node {
    uint32_t Writer, Reg;
    ValueKind Kind = ValueKind::None;
    /// The nodes reaching each register this write reads: (reg, node).
    std::vector<std::pair<uint32_t, uint32_t>> Reads;
  };
  std::vector<Node> Nodes;
  llvm::DenseMap<uint64_t, uint32_t> NodeOf;
  /// The nodes whose reads include each node.
  std::vector<std::vector<uint32_t>> Users;
  uint64_t BlockVisits = 0;
  /// By register: 0 not yet known, 1 it and all it is computed from have
  /// one unguarded write each (the flat kind is then exact), 2 not, 3 being
  /// found.
  std::vector<uint8_t> SingleDef;
  bool OverBudget = false;
};

} // namespace tcgen05

#endif
