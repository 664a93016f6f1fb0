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
#include "tcgen05/Analysis/WarpRoles.h"

#include <optional>

namespace tcgen05 {

/// What a function's analyses read of its module.  Taken when the module
/// pass meets the body, it lets the body be analysed on another thread
/// while the pass goes on adding to the module.
struct FunctionEnv {
  /// The target the checks apply: Module::EffectiveTarget as of the body.
  std::optional<TargetInfo> Target;
  /// What the body's performance directives say of its CTA.
  WarpRoles::CtaSize Cta;

  /// From a module whose pass has ended.
  static FunctionEnv of(const Module &M, const Function &F) {
    return {M.EffectiveTarget, WarpRoles::ctaSizeOf(M, F)};
  }
};

class FunctionAnalyses {
public:
  FunctionAnalyses(const Function &F, FunctionEnv Env)
      : F(F), Env(std::move(Env)) {}
  FunctionAnalyses(const FunctionAnalyses &) = delete;
  FunctionAnalyses &operator=(const FunctionAnalyses &) = delete;

  const Function &function() const { return F; }
  const FunctionEnv &env() const { return Env; }
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
  FunctionEnv Env;
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
