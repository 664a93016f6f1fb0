//===- Dominators.cpp - Dominator trees of a control-flow graph -----------===//

#include "tcgen05/Analysis/Dominators.h"

#include "llvm/Support/GenericDomTreeConstruction.h"

using namespace tcgen05;

DominatorTree::DominatorTree(const ControlFlowGraph &G)
    : G(G), Idom(G.size(), None), In(G.size(), None), Out(G.size(), None) {
  llvm::ArrayRef<uint32_t> Rpo = G.reversePostOrder();
  if (Rpo.empty())
    return;
  Entry = Rpo.front();
  std::vector<uint32_t> Order(G.size(), None); // position in Rpo
  for (uint32_t K = 0; K < Rpo.size(); ++K)
    Order[Rpo[K]] = K;
  auto Intersect = [&](uint32_t A, uint32_t B) {
    while (A != B) {
      while (Order[A] > Order[B])
        A = Idom[A];
      while (Order[B] > Order[A])
        B = Idom[B];
    }
    return A;
  };
  Idom[Entry] = Entry;
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (uint32_t B : Rpo.drop_front()) {
      uint32_t New = None;
      for (const CFGBlock *P : G.block(B).Preds) {
        uint32_t N = P->Number;
        if (Idom[N] == None)
          continue; // not reached yet, or not from the entry at all
        New = New == None ? N : Intersect(N, New);
      }
      if (New != Idom[B]) {
        Idom[B] = New;
        Changed = true;
      }
    }
  }
  // The tree's children, by parent, then its pre-order and intervals.
  std::vector<uint32_t> First(G.size() + 1, 0), Kids(Rpo.size());
  for (uint32_t B : Rpo.drop_front())
    ++First[Idom[B] + 1];
  for (size_t K = 1; K < First.size(); ++K)
    First[K] += First[K - 1];
  std::vector<uint32_t> Fill(First.begin(), First.end() - 1);
  for (uint32_t B : Rpo.drop_front())
    Kids[Fill[Idom[B]]++] = B;
  PreOrder.reserve(Rpo.size());
  std::vector<std::pair<uint32_t, uint32_t>> Stack{{Entry, First[Entry]}};
  In[Entry] = 0;
  PreOrder.push_back(Entry);
  while (!Stack.empty()) {
    auto &[B, Next] = Stack.back();
    if (Next < First[B + 1]) {
      uint32_t C = Kids[Next++];
      In[C] = static_cast<uint32_t>(PreOrder.size());
      PreOrder.push_back(C);
      Stack.push_back({C, First[C]});
      continue;
    }
    Out[B] = static_cast<uint32_t>(PreOrder.size());
    Stack.pop_back();
  }
}

// The post-dominator tree is instantiated once, here, not in every client.
template class llvm::DominatorTreeBase<tcgen05::CFGBlock, true>;
template void llvm::DomTreeBuilder::Calculate<tcgen05::PostDominatorTree>(
    tcgen05::PostDominatorTree &DT);
template bool llvm::DomTreeBuilder::Verify<tcgen05::PostDominatorTree>(
    const tcgen05::PostDominatorTree &DT,
    tcgen05::PostDominatorTree::VerificationLevel VL);
