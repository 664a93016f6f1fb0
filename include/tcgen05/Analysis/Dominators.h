//===- Dominators.h - Dominator trees of a control-flow graph ----*- C++ -*-===//
//
// The dominator tree is the graph's own: an immediate dominator per block,
// found by iterating over the reverse post-order the graph already has
// (Cooper, Harvey and Kennedy, "A Simple, Fast Dominance Algorithm"), and
// the tree's depth-first intervals, which answer dominance in constant time.
// It costs 24 bytes a block where LLVM's generic tree costs a node of its
// own each (the -G kernel's largest body has 40,000 blocks).  The
// post-dominator tree stays LLVM's: which blocks of an endless loop it
// roots is its own choice, and the uniformity analysis inherits it.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_ANALYSIS_DOMINATORS_H
#define TCGEN05_ANALYSIS_DOMINATORS_H

#include "tcgen05/Analysis/ControlFlowGraph.h"

#include "llvm/Support/GenericDomTree.h"

#include <cstdint>
#include <vector>

namespace tcgen05 {

class DominatorTree {
public:
  explicit DominatorTree(const ControlFlowGraph &G);

  /// Blocks the entry does not reach have no place in the tree.
  bool isReachableFromEntry(const CFGBlock *B) const {
    return Idom[B->Number] != None;
  }
  /// B's immediate dominator; null for the entry and for a block the entry
  /// does not reach.
  const CFGBlock *idom(const CFGBlock *B) const {
    uint32_t D = Idom[B->Number];
    return D == None || B->Number == Entry ? nullptr : &G.block(D);
  }
  /// Every block dominates itself; a block the entry does not reach is
  /// dominated by every block and dominates no other (LLVM's convention).
  bool dominates(const CFGBlock *A, const CFGBlock *B) const {
    if (A == B || !isReachableFromEntry(B))
      return true;
    if (!isReachableFromEntry(A))
      return false;
    return In[A->Number] <= In[B->Number] && Out[B->Number] <= Out[A->Number];
  }
  /// Calls Each(block) for Root and every block it dominates, Root first;
  /// nothing for a block the entry does not reach.
  template <typename Fn> void forEachDominated(const CFGBlock *Root, Fn &&Each) const {
    if (!isReachableFromEntry(Root))
      return;
    // The dominated blocks are those whose intervals nest in Root's: a
    // contiguous run of the tree's pre-order.
    for (uint32_t K = In[Root->Number]; K < Out[Root->Number]; ++K)
      Each(&G.block(PreOrder[K]));
  }

private:
  static constexpr uint32_t None = ~0u;
  const ControlFlowGraph &G;
  uint32_t Entry = 0;
  std::vector<uint32_t> Idom;
  /// The tree's pre-order, and each block's interval [In, Out) in it.
  std::vector<uint32_t> PreOrder, In, Out;
};

using PostDominatorTree = llvm::DominatorTreeBase<CFGBlock, true>;

} // namespace tcgen05

extern template class llvm::DominatorTreeBase<tcgen05::CFGBlock, true>;

#endif
