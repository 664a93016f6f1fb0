//===- KnownBits.h - What is known about each register's bits --*- C++ -*-===//
//
// A forward dataflow analysis over one function body: for every register,
// which bits are known to be 0 and which 1 (the lattice of LLVM's
// KnownBits), through mov, cvt, and/or/xor, shifts, add/sub/mul of known
// values, selp, 64-bit packing, copies, and merges where control flow
// joins.  Descriptor checks read the bits of their operands from it: a field
// can be checked when its bits are known even if the rest is a runtime
// value.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_ANALYSIS_KNOWNBITS_H
#define TCGEN05_ANALYSIS_KNOWNBITS_H

#include "tcgen05/AST/AST.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstdint>

namespace tcgen05 {

struct KnownBits {
  uint64_t Zero = 0; ///< Bits known to be 0.
  uint64_t One = 0;  ///< Bits known to be 1.

  static KnownBits constant(uint64_t V) { return {~V, V}; }
  uint64_t known() const { return Zero | One; }
  bool isConstant(uint64_t Mask = ~0ull) const {
    return (known() & Mask) == Mask;
  }
  /// What is known on both sides of a join.
  KnownBits meet(const KnownBits &O) const {
    return {Zero & O.Zero, One & O.One};
  }
  bool operator==(const KnownBits &O) const {
    return Zero == O.Zero && One == O.One;
  }
};

/// A register's known bits and, when every path agrees, the instruction
/// that last defined it.
struct RegisterFact {
  KnownBits Bits;
  uint32_t DefInst = NoDef;
  /// The value went through a '>> 4' that shifted out known 1 bits: the
  /// descriptor encoding of an address or offset that is not 16-byte
  /// aligned (PTX ISA 9.7.16.4.1).  The instruction that did it.
  uint32_t Misaligned = NoDef;
  static constexpr uint32_t NoDef = ~0u;
  bool operator==(const RegisterFact &O) const {
    return Bits == O.Bits && DefInst == O.DefInst && Misaligned == O.Misaligned;
  }
};

/// Facts at one point of a body.
class KnownBitsState {
public:
  RegisterFact lookup(llvm::StringRef Reg) const;
  /// The known bits of an operand (a register, an immediate, or -imm).
  RegisterFact operandFact(const NodePool &P, const Operand &O) const;

private:
  friend class KnownBitsAnalysis;
  llvm::DenseMap<llvm::StringRef, RegisterFact> Facts;
};

/// Runs the analysis over F's body and calls Visit with the facts that hold
/// just before each instruction.  Only registers that can flow into Roots
/// (register names) are followed: facts about the others are never asked
/// for.
void runKnownBits(
    const Function &F, llvm::ArrayRef<llvm::StringRef> Roots,
    llvm::function_ref<void(uint32_t InstIndex, const KnownBitsState &)> Visit);

} // namespace tcgen05

#endif
