//===- Dominators.h - Dominator trees of a control-flow graph ----*- C++
//-*-===//
//
// The trees are the graph's own: an immediate dominator per block, found by
// iterating over a reverse post-order (Cooper, Harvey and Kennedy, "A
// Simple, Fast Dominance Algorithm"), and the tree's depth-first intervals,
// which answer dominance in constant time.  They keep 16 bytes a block
// where LLVM's generic trees allocate a node each (the -G kernel's largest
// body has tens of thousands of blocks).
//
// The post-dominator tree is rooted at a virtual exit that follows every
// block without successors.  A block from which no such block is reached
// (an endless loop) has no post-dominator by that definition; LLVM's tree
// roots some block of the loop instead, and the uniformity analysis has
// always seen that choice, so for such a graph the tree is LLVM's.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_ANALYSIS_DOMINATORS_H
#define TCGEN05_ANALYSIS_DOMINATORS_H

#include "tcgen05/Analysis/ControlFlowGraph.h"

#include "llvm/Support/GenericDomTree.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace tcgen05 {

class DominatorTree;
class PostDominatorTree;

/// A tree over nodes 0..N-1 as immediate dominators and pre-order
/// intervals.  Built only by the two trees below, in Dominators.cpp.
class DomTreeArrays {
public:
  static constexpr uint32_t None = ~0u;

  bool inTree(uint32_t N) const { return Idom[N] != None; }
  /// None for the root and for nodes outside the tree.
  uint32_t idom(uint32_t N) const { return N == Root ? None : Idom[N]; }
  bool dominates(uint32_t A, uint32_t B) const {
    return In[A] <= In[B] && Out[B] <= Out[A];
  }
  /// N and the nodes it dominates, N first.
  llvm::ArrayRef<uint32_t> subtree(uint32_t N) const {
    return llvm::ArrayRef<uint32_t>(PreOrder).slice(In[N], Out[N] - In[N]);
  }

private:
  friend class DominatorTree;
  friend class PostDominatorTree;
  /// Order is a reverse post-order of the nodes the root reaches, root
  /// first; ForEachPred(N, Fn) calls Fn(P) for each predecessor P of N.
  /// A template for the two trees' walks, defined beside them.
  template <typename PredsFn>
  void build(size_t NumNodes, llvm::ArrayRef<uint32_t> Order,
             PredsFn &&ForEachPred);
  void numberTree(llvm::ArrayRef<uint32_t> Order);

  uint32_t Root = None;
  std::vector<uint32_t> Idom;
  /// The tree's pre-order, and each node's interval [In, Out) in it.
  std::vector<uint32_t> PreOrder, In, Out;
};

class DominatorTree {
public:
  explicit DominatorTree(const ControlFlowGraph &G);

  /// Blocks the entry does not reach have no place in the tree.
  bool isReachableFromEntry(const CFGBlock *B) const {
    return T.inTree(B->Number);
  }
  /// B's immediate dominator; null for the entry and for a block the entry
  /// does not reach.
  const CFGBlock *idom(const CFGBlock *B) const {
    uint32_t D = T.idom(B->Number);
    return D == DomTreeArrays::None ? nullptr : &G.block(D);
  }
  /// Every block dominates itself; a block the entry does not reach is
  /// dominated by every block and dominates no other (LLVM's convention).
  bool dominates(const CFGBlock *A, const CFGBlock *B) const {
    if (A == B || !isReachableFromEntry(B))
      return true;
    return isReachableFromEntry(A) && T.dominates(A->Number, B->Number);
  }
  /// Calls Each(block) for Root and every block it dominates, Root first;
  /// nothing for a block the entry does not reach.
  template <typename Fn>
  void forEachDominated(const CFGBlock *Root, Fn &&Each) const {
    if (isReachableFromEntry(Root))
      for (uint32_t N : T.subtree(Root->Number))
        Each(&G.block(N));
  }

private:
  const ControlFlowGraph &G;
  DomTreeArrays T;
};

class PostDominatorTree {
public:
  /// Mutable only for LLVM's tree, which takes its graph so.
  explicit PostDominatorTree(ControlFlowGraph &G);
  ~PostDominatorTree();

  /// B's immediate post-dominator; null when that is the virtual exit, and
  /// for a block outside the tree.
  const CFGBlock *ipdom(const CFGBlock *B) const;
  /// A post-dominates B (LLVM's convention for blocks outside the tree).
  bool dominates(const CFGBlock *A, const CFGBlock *B) const;
  /// The graph has a block that reaches no exit, and LLVM's tree serves.
  bool usesLLVMTree() const { return Endless != nullptr; }

private:
  using LLVMTree = llvm::DominatorTreeBase<CFGBlock, true>;
  const ControlFlowGraph &G;
  /// Node G.size() is the virtual exit.
  DomTreeArrays T;
  std::unique_ptr<LLVMTree> Endless;
};

} // namespace tcgen05

extern template class llvm::DominatorTreeBase<tcgen05::CFGBlock, true>;

#endif
