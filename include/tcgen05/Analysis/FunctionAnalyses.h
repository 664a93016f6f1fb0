//===- FunctionAnalyses.h - Analyses of a function, built once ---*- C++
//-*-===//
//
// The symbol checks, the descriptor check and the hazard lints each need
// the names, the control-flow graph, its dominators and post-dominators,
// the register numbering and the uniformity of the same function.  Built
// on first use and handed to each, they are computed once per function
// instead of once per client.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_ANALYSIS_FUNCTIONANALYSES_H
#define TCGEN05_ANALYSIS_FUNCTIONANALYSES_H

#include "tcgen05/Analysis/ControlFlowGraph.h"
#include "tcgen05/Analysis/Dominators.h"
#include "tcgen05/Analysis/Registers.h"
#include "tcgen05/Analysis/Uniformity.h"

#include <optional>

namespace tcgen05 {

class FunctionAnalyses {
public:
  explicit FunctionAnalyses(const Function &F) : F(F) {}
  FunctionAnalyses(const FunctionAnalyses &) = delete;
  FunctionAnalyses &operator=(const FunctionAnalyses &) = delete;

  const Function &function() const { return F; }
  /// Builds names() first.  Mutable only because LLVM's post-dominator
  /// tree, kept for bodies with an endless loop, takes its graph so.
  ///
  /// Once names() is built, the symbol checks may read it on another thread
  /// while the analyses build the rest here: nothing built later changes it.
  ControlFlowGraph &cfg() {
    if (!G)
      G.emplace(F, names());
    return *G;
  }
  const DominatorTree &dominators() {
    if (!DT)
      DT.emplace(cfg());
    return *DT;
  }
  const PostDominatorTree &postDominators() {
    if (!PDT)
      PDT.emplace(cfg());
    return *PDT;
  }
  const RegisterNames &names() {
    if (!Names)
      Names.emplace(F);
    return *Names;
  }
  const RegisterNumbering &registers() {
    if (!Regs)
      Regs.emplace(F, names());
    return *Regs;
  }

  const UniformityInfo &uniformity() {
    if (!U)
      U.emplace(F, cfg(), dominators(), postDominators(), registers());
    return *U;
  }

private:
  const Function &F;
  std::optional<ControlFlowGraph> G;
  std::optional<DominatorTree> DT;
  std::optional<RegisterNames> Names;
  std::optional<RegisterNumbering> Regs;
  // Declared last: it refers to all of the above, and goes first.
  std::optional<PostDominatorTree> PDT;
  std::optional<UniformityInfo> U;
};

} // namespace tcgen05

#endif
