//===- Dominators.cpp - Dominator trees of a control-flow graph -----------===//
//
// The trees are instantiated once, here, not in every client.
//
//===----------------------------------------------------------------------===//

#include "tcgen05/Analysis/Dominators.h"

#include "llvm/Support/GenericDomTreeConstruction.h"

template class llvm::DominatorTreeBase<tcgen05::CFGBlock, false>;
template class llvm::DominatorTreeBase<tcgen05::CFGBlock, true>;
template void llvm::DomTreeBuilder::Calculate<tcgen05::DominatorTree>(
    tcgen05::DominatorTree &DT);
template void llvm::DomTreeBuilder::Calculate<tcgen05::PostDominatorTree>(
    tcgen05::PostDominatorTree &DT);
template bool llvm::DomTreeBuilder::Verify<tcgen05::DominatorTree>(
    const tcgen05::DominatorTree &DT,
    tcgen05::DominatorTree::VerificationLevel VL);
template bool llvm::DomTreeBuilder::Verify<tcgen05::PostDominatorTree>(
    const tcgen05::PostDominatorTree &DT,
    tcgen05::PostDominatorTree::VerificationLevel VL);
