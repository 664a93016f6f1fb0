//===- Uniformity.h - Which values and blocks a warp shares -----*- C++ -*-===//
//
// A divergence analysis of one function body: which registers hold the same
// value in every thread of a warp, which blocks the threads of a warp may
// reach apart, and which blocks only one thread of a warp executes.  The
// tcgen05 hazard lints read it: a .sync.aligned instruction needs a
// converged warp (PTX ISA 9.7.16.7.1), a single-issue one a single thread
// (9.7.16.5).
//
// Values are classified flow-insensitively: a register's kind is the join
// of what every instruction writing it produces, which suits compiler
// output, where a register has few writers.  Only the registers that
// guards depend on are classified: in a kernel that is a small part of its
// arithmetic.  Branches on varying predicates
// make the blocks between the branch and its immediate post-dominator
// divergent; a branch whose paths never meet again (one side exits) makes
// divergent only what each side alone leads to.  A branch on a value that
// varies only in warps where a uniform condition holds (nvcc -G's
// `warp == 1 && elect_one_sync()`, one predicate) does not make divergent
// the blocks that only warps failing the condition reach (the `else if
// (warp == 2)` branch).  A value is not made
// varying because a divergent path wrote it (temporal divergence is not
// followed: names are reused across live ranges).  A load of a uniform
// address by a converged warp is uniform.  Blocks are assumed 1-D, so that
// %tid.x is the warp's lane plus a multiple of 32 that the whole warp
// shares.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_ANALYSIS_UNIFORMITY_H
#define TCGEN05_ANALYSIS_UNIFORMITY_H

#include "tcgen05/AST/AST.h"
#include "tcgen05/Analysis/BranchConditions.h"
#include "tcgen05/Analysis/ControlFlowGraph.h"
#include "tcgen05/Analysis/Dominators.h"
#include "tcgen05/Analysis/Registers.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace tcgen05 {

/// What the threads of a converged warp hold in one register.
enum class ValueKind : uint8_t {
  /// Written nowhere (yet): the identity of the join.
  None,
  /// The same in every thread.
  Uniform,
  /// A multiple of 32 every thread shares plus the thread's lane: %laneid,
  /// %tid.x; comparing it with a constant selects one lane.
  Lane,
  /// True (non-zero) in at most one thread: elect.sync's predicate,
  /// %laneid == c, or a flag set under such a predicate.
  OneLane,
  /// False (zero) in at most one thread: the negation of OneLane.
  AllButOneLane,
  /// Anything else.
  Varying,
};

/// Where a value lies with respect to the warp's place in its CTA, for
/// blocks of one dimension.
enum class WarpPosition : uint8_t {
  None,
  Tid,     ///< %tid.x
  Index,   ///< %tid.x / 32, also broadcast through shfl.sync.idx
  Quarter, ///< the index modulo 4: the warp within its warpgroup
};

/// The join of two kinds, when one register is written by both.
ValueKind joinKinds(ValueKind A, ValueKind B);

class UniformityInfo {
public:
  /// Analyses F over G.  Parameters are uniform: an .entry's are, and a
  /// .func, judged alone, is taken to be called by a converged warp with
  /// uniform arguments (what its calls return may vary).
  UniformityInfo(const Function &F, const ControlFlowGraph &G,
                 const DominatorTree &DT, const PostDominatorTree &PDT,
                 const RegisterNumbering &Regs);
  ~UniformityInfo();

  /// The kind of a register (Varying for one never written that is no
  /// special register the analysis knows).  Registers that no guard
  /// depends on are classified when first asked about.
  ValueKind value(llvm::StringRef Reg);
  /// The kind of instruction I's guard, its negation applied; Uniform if
  /// it has none.
  ValueKind guard(uint32_t I) const;
  /// Some thread of a warp may be elsewhere when another is here.
  bool isDivergent(const CFGBlock &B) const { return Divergent.test(B.Number); }
  /// At most one thread of a warp gets here.
  bool isSingleThread(const CFGBlock &B) const {
    return SingleThread.test(B.Number);
  }
  /// Instruction I is executed by at most one thread of a warp: its block
  /// is, or its guard is true in one thread only.
  bool isSingleThreadInst(uint32_t I) const;
  /// The registers of F, numbered.
  const RegisterNumbering &registers() const { return Regs; }
  /// The conditional branch whose varying predicate makes B divergent
  /// (the innermost found), or ~0u.
  uint32_t divergingBranch(const CFGBlock &B) const { return Cause[B.Number]; }
  /// What O holds with respect to the warp's place, following registers
  /// with one unguarded writer (WarpPosition.cpp).
  WarpPosition warpPosition(const Operand &O) const;
  /// The warp of its warpgroup (0-3) that alone takes the edge into D,
  /// D's only one, and the branch that decides it: a branch on setp.eq or
  /// setp.ne of a warp index or quarter with a constant.
  std::optional<std::pair<unsigned, uint32_t>>
  warpOnEdgeInto(const CFGBlock &D) const;

private:
  /// The kind a register read has, by number.
  using RegKinds = llvm::function_ref<ValueKind(uint32_t Reg)>;

  /// Classifies Roots and the registers they depend on.
  void classifyValues(llvm::ArrayRef<uint32_t> Roots);
  /// Marks Roots and what they depend on as demanded; Writers gets the
  /// instructions writing the newly demanded registers, in order, and
  /// Reads a (register, writer) pair for each register a writer's value or
  /// guard reads.
  void demand(llvm::ArrayRef<uint32_t> Roots, std::vector<uint32_t> &Writers,
              std::vector<std::pair<uint32_t, uint32_t>> &Reads);
  /// Marks divergent and single-thread blocks from the values' kinds.
  void markBlocks();
  /// Conditions, each the same in every thread of a warp, that hold
  /// wherever Reg was written a value that may differ between the threads
  /// of a warp (elect.sync's predicate under `warp == 1`): in a warp where
  /// one fails, Reg is uniform.  False when there are none.
  bool premise(uint32_t Reg, llvm::SmallVectorImpl<ValueRange> &Out,
               unsigned Depth = 0) const;
  WarpPosition warpPosition(const Operand &O, unsigned Depth) const;
  /// The one instruction writing register number R, or ~0u (also for
  /// none, and for registers without a number).
  uint32_t onlyWriter(uint32_t R) const;
  /// Whether a ld.param reads a parameter of F (not a call's result).
  bool readsOwnParameter(llvm::ArrayRef<Operand> Ops) const;
  ValueKind operandKind(const Operand &O) const;
  ValueKind operandKind(const Operand &O, RegKinds Kinds) const;
  ValueKind transfer(uint32_t I) const;
  ValueKind transfer(uint32_t I, RegKinds Kinds) const;
  ValueKind guard(uint32_t I, RegKinds Kinds) const;
  /// The kind instruction Index writes into its written operand W.
  ValueKind writtenKind(uint32_t Index, const Operand &W) const {
    return writtenKind(Index, W, [&](uint32_t Id) { return RegKind[Id]; });
  }
  ValueKind writtenKind(uint32_t Index, const Operand &W, RegKinds Kinds) const;
  /// The kind of branch I's guard from the writes that reach it, each
  /// classified alone (UniformityReaching.cpp): where one register holds a
  /// broadcast value in one live range and a lane's in another, the
  /// flow-insensitive kind is Varying for both.  Falls back to guard(I)
  /// past its budget.
  ValueKind reachingGuard(uint32_t I);
  /// Whether Reg and what it is computed from have one write each.
  bool singleDefClosure(uint32_t Reg, unsigned Depth);
  struct ReachingState;
  std::unique_ptr<ReachingState> Reaching;
  /// Calls Each with Root and every block it dominates.
  template <typename Fn>
  void forEachDominated(const CFGBlock *Root, Fn &&Each) const;

  const Function &F;
  const ControlFlowGraph &G;
  const DominatorTree &DT;
  const PostDominatorTree &PDT;
  const RegisterNumbering &Regs;
  BranchConditions Conds;
  /// The .param variables the body declares (calls' arguments and
  /// results), found when first asked.
  mutable std::optional<llvm::DenseSet<llvm::StringRef>> BodyParams;
  std::vector<ValueKind> RegKind;
  /// The registers classified so far (the others stay None).
  llvm::BitVector Demanded;
  llvm::BitVector Divergent, SingleThread;
  std::vector<uint32_t> Cause;
};

} // namespace tcgen05

#endif
