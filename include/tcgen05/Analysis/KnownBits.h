//===- KnownBits.h - What is known about each register's bits --*- C++ -*-===//
//
// A forward dataflow analysis (Dataflow.h) over one function's control-flow
// graph: for every register, which bits are known to be 0 and which 1, in
// LLVM's KnownBits lattice, through mov (packing and unpacking vectors), cvt,
// logic, shifts, bfe/bfi, prmt, arithmetic, selp and copies, and merges
// where control flow joins.  Descriptor checks read the bits of their
// operands from it: a field can be checked when its bits are known even if
// the rest is a runtime value.
//
// Only registers whose value can flow into the roots are followed, and
// block states hold only the registers something is known about, so a
// debug build's thousands of blocks cost little.  A register written once,
// from constants and other such registers, before every read on every path
// (most of compiler output's) has one fact wherever it is read: it is found
// once and kept out of the states.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_ANALYSIS_KNOWNBITS_H
#define TCGEN05_ANALYSIS_KNOWNBITS_H

#include "tcgen05/AST/AST.h"
#include "tcgen05/Analysis/ControlFlowGraph.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/KnownBits.h"

#include <cstdint>

namespace tcgen05 {

class FunctionAnalyses;

/// A register's known bits (64 wide; narrower registers have their upper
/// bits known 0) and, when every path agrees, the instruction that last
/// defined it.
struct RegisterFact {
  llvm::KnownBits Bits = llvm::KnownBits(64);
  uint32_t DefInst = NoDef;
  /// The instruction that the client's KnownBitsMarker marked this value
  /// at, or one it was computed from by bit operations; kept at a join
  /// from either path.  What a mark means is the client's.
  uint32_t Marked = NoDef;
  static constexpr uint32_t NoDef = ~0u;

  uint64_t zero() const { return Bits.Zero.getZExtValue(); }
  uint64_t one() const { return Bits.One.getZExtValue(); }
  uint64_t known() const { return zero() | one(); }
  bool operator==(const RegisterFact &O) const {
    return Bits == O.Bits && DefInst == O.DefInst && Marked == O.Marked;
  }
};

class KnownBitsAnalysis;

/// A client's hook: whether an instruction of opcode Op, whose first two
/// sources have the known bits A and B (at the instruction's width), marks
/// the value it writes (RegisterFact::Marked).  Asked only of the integer
/// operations the analysis models with two sources.
using KnownBitsMarker = bool (*)(Opcode Op, const llvm::KnownBits &A,
                                 const llvm::KnownBits &B);

/// Facts at one point of a body.
class KnownBitsState {
public:
  explicit KnownBitsState(const KnownBitsAnalysis &A) : A(A) {}
  RegisterFact lookup(llvm::StringRef Reg) const;
  /// The known bits of an operand (a register, an immediate, or -imm).
  RegisterFact operandFact(const NodePool &P, const Operand &O) const;

private:
  const KnownBitsAnalysis &A;
};

/// How far the analysis of a function got.
struct KnownBitsOutcome {
  enum StatusT : uint8_t {
    Complete,
    /// The fixed point was not reached within the budget: facts are those
    /// within each basic block only.
    BudgetExceeded,
    /// A branch target is not resolved: facts are those within each basic
    /// block only.
    UnresolvedBranch,
  } Status = Complete;
  uint64_t Steps = 0, Budget = 0;
  /// What the graph does not model (unresolved targets, indirect calls).
  std::vector<UnmodelledConstruct> Unmodelled;
};

/// Runs the analysis over F (building its control-flow graph when some
/// value can become known) and calls Visit with the facts that hold just
/// before each instruction of Sites (indices into the function's
/// instructions, ascending).  Visit may ask only about the registers its
/// site instruction reads: a register written once before its reads has
/// one fact for all of them, which another point need not share.  Only
/// registers that can flow into Roots (register names) are followed.
/// Budget (in block visits and instructions applied) 0 takes the default,
/// a fixed number of passes over the blocks and relevant instructions, so
/// that the work stays linear in the function's size.  Sites in code no
/// path reaches get the facts of their own block only.  Shared, when given,
/// supplies F's graph and register numbering built once for every analysis
/// of F.  Marker, when given, marks values (RegisterFact::Marked).
KnownBitsOutcome runKnownBits(
    const Function &F, llvm::ArrayRef<llvm::StringRef> Roots,
    llvm::ArrayRef<uint32_t> Sites,
    llvm::function_ref<void(uint32_t InstIndex, const KnownBitsState &)> Visit,
    uint64_t Budget = 0, FunctionAnalyses *Shared = nullptr,
    KnownBitsMarker Marker = nullptr);

} // namespace tcgen05

#endif
