//===- Dominators.cpp - Dominator trees of a control-flow graph -----------===//

#include "tcgen05/Analysis/Dominators.h"

#include "GraphOrder.h"

#include "llvm/Support/GenericDomTreeConstruction.h"

using namespace tcgen05;

template <typename PredsFn>
void DomTreeArrays::build(size_t NumNodes, llvm::ArrayRef<uint32_t> Order,
                          PredsFn &&ForEachPred) {
  Idom.assign(NumNodes, None);
  In.assign(NumNodes, None);
  Out.assign(NumNodes, None);
  if (Order.empty())
    return;
  Root = Order.front();
  std::vector<uint32_t> Position(NumNodes, None);
  for (uint32_t K = 0; K < Order.size(); ++K)
    Position[Order[K]] = K;
  auto Intersect = [&](uint32_t A, uint32_t B) {
    while (A != B) {
      while (Position[A] > Position[B])
        A = Idom[A];
      while (Position[B] > Position[A])
        B = Idom[B];
    }
    return A;
  };
  Idom[Root] = Root;
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (uint32_t N : Order.drop_front()) {
      uint32_t New = None;
      ForEachPred(N, [&](uint32_t P) {
        if (Idom[P] == None)
          return; // not processed yet, or outside the tree
        New = New == None ? P : Intersect(P, New);
      });
      if (New != Idom[N]) {
        Idom[N] = New;
        Changed = true;
      }
    }
  }
  numberTree(Order);
}

void DomTreeArrays::numberTree(llvm::ArrayRef<uint32_t> Order) {
  // The children by parent, then the pre-order and its intervals.
  std::vector<uint32_t> First(Idom.size() + 1, 0), Kids(Order.size());
  for (uint32_t N : Order.drop_front())
    ++First[Idom[N] + 1];
  for (size_t K = 1; K < First.size(); ++K)
    First[K] += First[K - 1];
  std::vector<uint32_t> Fill(First.begin(), First.end() - 1);
  for (uint32_t N : Order.drop_front())
    Kids[Fill[Idom[N]]++] = N;
  PreOrder.reserve(Order.size());
  std::vector<std::pair<uint32_t, uint32_t>> Stack{{Root, First[Root]}};
  In[Root] = 0;
  PreOrder.push_back(Root);
  while (!Stack.empty()) {
    auto &[N, Next] = Stack.back();
    if (Next < First[N + 1]) {
      uint32_t C = Kids[Next++];
      In[C] = static_cast<uint32_t>(PreOrder.size());
      PreOrder.push_back(C);
      Stack.push_back({C, First[C]});
      continue;
    }
    Out[N] = static_cast<uint32_t>(PreOrder.size());
    Stack.pop_back();
  }
}

DominatorTree::DominatorTree(const ControlFlowGraph &G) : G(G) {
  T.build(G.size(), G.reversePostOrder(), [&](uint32_t N, auto &&Fn) {
    for (const CFGBlock *P : G.block(N).preds())
      Fn(P->Number);
  });
}

PostDominatorTree::PostDominatorTree(ControlFlowGraph &G) : G(G) {
  // The reverse graph's reverse post-order from the virtual exit, whose
  // successors there are the blocks without successors, in block order.
  const uint32_t Exit = static_cast<uint32_t>(G.size());
  std::vector<uint32_t> Exits;
  for (const CFGBlock &B : G)
    if (B.succs().empty())
      Exits.push_back(B.Number);
  std::vector<uint32_t> Order;
  tcgen05::reversePostOrder(
      G.size() + 1, Exit,
      [&](uint32_t N) {
        return N == Exit ? Exits.size() : G.block(N).preds().size();
      },
      [&](uint32_t N, uint32_t K) {
        return N == Exit ? Exits[K] : G.block(N).preds()[K]->Number;
      },
      Order);
  if (Order.size() != G.size() + 1) {
    // Some block reaches no exit.
    Endless = std::make_unique<LLVMTree>();
    Endless->recalculate(G);
    return;
  }
  T.build(G.size() + 1, Order, [&](uint32_t N, auto &&Fn) {
    const CFGBlock &B = G.block(N);
    if (B.succs().empty())
      Fn(Exit);
    for (const CFGBlock *S : B.succs())
      Fn(S->Number);
  });
}

PostDominatorTree::~PostDominatorTree() = default;

const CFGBlock *PostDominatorTree::ipdom(const CFGBlock *B) const {
  if (Endless) {
    auto *N = Endless->getNode(B);
    return N && N->getIDom() ? N->getIDom()->getBlock() : nullptr;
  }
  uint32_t D = T.idom(B->Number);
  return D == DomTreeArrays::None || D == G.size() ? nullptr : &G.block(D);
}

bool PostDominatorTree::dominates(const CFGBlock *A, const CFGBlock *B) const {
  if (Endless)
    return Endless->dominates(A, B);
  return A == B || T.dominates(A->Number, B->Number);
}

template class llvm::DominatorTreeBase<tcgen05::CFGBlock, true>;
template void llvm::DomTreeBuilder::Calculate<
    llvm::DominatorTreeBase<tcgen05::CFGBlock, true>>(
    llvm::DominatorTreeBase<tcgen05::CFGBlock, true> &DT);
