//===- Dominators.h - Dominator trees of a control-flow graph ----*- C++ -*-===//
//
// LLVM's generic dominator and post-dominator trees over ControlFlowGraph.
// They are built on request only: the descriptor analysis does not need
// them, other clients may.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_ANALYSIS_DOMINATORS_H
#define TCGEN05_ANALYSIS_DOMINATORS_H

#include "tcgen05/Analysis/ControlFlowGraph.h"

#include "llvm/Support/GenericDomTree.h"

namespace tcgen05 {

using DominatorTree = llvm::DominatorTreeBase<CFGBlock, false>;
using PostDominatorTree = llvm::DominatorTreeBase<CFGBlock, true>;

} // namespace tcgen05

extern template class llvm::DominatorTreeBase<tcgen05::CFGBlock, false>;
extern template class llvm::DominatorTreeBase<tcgen05::CFGBlock, true>;

#endif
