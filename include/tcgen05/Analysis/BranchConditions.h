//===- BranchConditions.h - What a branch edge says about values -*- C++
//-*-===//
//
// The edges of a conditional branch carry a condition: `@%p bra L` is taken
// where %p holds.  Resolved through the instructions that computed the
// predicate (not, mov, setp against a constant), a condition is a range of
// one register's values, and two conditions on one register whose ranges
// do not meet cannot both hold.  The uniformity analysis uses this to see
// that a region entered only by warps of one role (warp == 1) cannot reach
// a block guarded by another role's test (warp == 2); the hazard lints use
// it to drop paths whose branch conditions contradict each other.
//
// Only registers with one writer are resolved: their value is the same at
// every point of a thread's run, so a condition tested at one place still
// holds at another.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_ANALYSIS_BRANCHCONDITIONS_H
#define TCGEN05_ANALYSIS_BRANCHCONDITIONS_H

#include "tcgen05/AST/AST.h"
#include "tcgen05/Analysis/ControlFlowGraph.h"
#include "tcgen05/Analysis/Dominators.h"
#include "tcgen05/Analysis/Registers.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>

namespace tcgen05 {

/// A set of values of one register: [Lo, Hi], or every value but Lo when
/// AllBut is set.  A predicate register's values are 0 and 1.
struct ValueRange {
  uint32_t Reg = ~0u;
  int64_t Lo = 0, Hi = 0;
  bool AllBut = false;
  /// Bounds compare as unsigned (setp.lo/hs, .u and .b types).
  bool Unsigned = false;

  /// Whether no value is in both A and B (both on one register).
  static bool disjoint(const ValueRange &A, const ValueRange &B);
  /// The complement, where it is one range.
  std::optional<ValueRange> negated() const;
  /// Whether a 32-bit register holding Bits is in the range (read as
  /// Unsigned says).
  bool contains(uint32_t Bits) const {
    int64_t V = Unsigned ? int64_t(Bits) : int64_t(int32_t(Bits));
    return AllBut ? V != Lo : Lo <= V && V <= Hi;
  }
};

/// An integer comparison of setp, from its word.
enum class CompareOp { Eq, Ne, Lt, Le, Gt, Ge };
/// The comparison a setp word (".eq", ".lo", ...) makes; Unsigned is set
/// for lo, ls, hi and hs, which compare as unsigned whatever the type.
std::optional<CompareOp> parseCompare(llvm::StringRef Word, bool &Unsigned);
/// The comparison with its operands swapped: a < b is b > a.
CompareOp mirrorCompare(CompareOp Op);

/// The bits of an integer literal or a negated one ("-1"), or nothing.
std::optional<uint64_t> immediateBits(const Function &F, const Operand &O);

/// A setp of a register against an immediate, read as a range: what the
/// predicate being Value says about Reg.
std::optional<ValueRange> compareRange(const Function &F, const Instruction &I,
                                       const RegisterNumbering &Regs,
                                       bool Value, bool SecondDest);

class BranchConditions {
public:
  BranchConditions(const Function &F, const ControlFlowGraph &G,
                   const DominatorTree &DT, const RegisterNumbering &Regs)
      : F(F), G(G), DT(DT), Regs(Regs) {}

  /// A conjunction of conditions.
  using Conditions = llvm::SmallVector<ValueRange, 1>;

  /// The conditions that hold on the edge From -> To, when From ends in a
  /// conditional branch with two different successors: empty when its
  /// predicate resolves to nothing.  The reference lives in a memo that
  /// the next call may move: copy it to keep it across one.
  const Conditions &onEdge(const CFGBlock &From, const CFGBlock &To) const;
  /// What predicate Reg being Value says (appended to Out): through its
  /// one writer, or, for a predicate several moves write (nvcc -G's
  /// materialized `a && b`), what holds wherever a write that can give it
  /// Value runs.
  void ofPredicate(uint32_t Reg, bool Value, Conditions &Out,
                   unsigned Depth = 0) const;
  /// The conditions of the edges that every path from the entry to B
  /// crosses (edges into a block with one predecessor, up B's dominator
  /// tree), at most Max; only branches Accept takes, when given.
  void dominating(const CFGBlock &B, llvm::SmallVectorImpl<ValueRange> &Out,
                  unsigned Max = 8,
                  llvm::function_ref<bool(uint32_t Branch)> Accept = {}) const;
  /// Whether some condition of A and some of B cannot both hold.
  static bool contradict(llvm::ArrayRef<ValueRange> A,
                         llvm::ArrayRef<ValueRange> B);
  /// The register's one writer, unguarded, or nullptr.
  const Instruction *singleWriter(uint32_t Reg) const;
  /// Whether I's block lies on no cycle: a thread runs I at most once.
  bool runsOnce(const Instruction &I) const;
  /// The blocks of G that lie on a cycle.
  static llvm::BitVector blocksOnCycles(const ControlFlowGraph &G);
  /// Each block's strongly connected component, named by one of its blocks:
  /// two blocks reach each other exactly when their names are equal.
  static std::vector<uint32_t> components(const ControlFlowGraph &G);

private:
  Conditions resolveEdge(const CFGBlock &From, const CFGBlock &To) const;
  /// The conditions of the edges into B's dominators, appended to Out.
  void dominatingAll(const CFGBlock &B, Conditions &Out, unsigned Max,
                     unsigned Depth) const;

  const Function &F;
  const ControlFlowGraph &G;
  const DominatorTree &DT;
  const RegisterNumbering &Regs;
  /// Blocks on a cycle, found when first asked.
  mutable std::optional<llvm::BitVector> InCycle;
  /// onEdge's answers, by (from, to) block numbers.
  mutable llvm::DenseMap<uint64_t, Conditions> EdgeMemo;
};

} // namespace tcgen05

#endif
