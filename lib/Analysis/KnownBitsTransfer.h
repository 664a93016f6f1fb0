//===- KnownBitsTransfer.h - Known bits through one instruction -*- C++ -*-===//
//
// The transfer functions of the known-bits analysis: what one PTX
// instruction does to the known bits of the registers it writes, computed
// with LLVM's KnownBits operations.  Kept apart from the dataflow so that
// they can be tested and extended alone.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_LIB_ANALYSIS_KNOWNBITSTRANSFER_H
#define TCGEN05_LIB_ANALYSIS_KNOWNBITSTRANSFER_H

#include "tcgen05/Analysis/KnownBits.h"

namespace tcgen05 {

/// The facts at one point, by register name.
class RegisterFacts {
public:
  virtual ~RegisterFacts() = default;
  /// Reg is a register or symbol operand of the function's pool.
  /// nullptr: nothing is known and nothing can be.
  virtual const RegisterFact *fact(const Operand &Reg) const = 0;
  virtual void set(const Operand &Reg, const RegisterFact &Fact) = 0;
};

/// The known bits of an operand: a register, an immediate, or -imm.
RegisterFact operandFact(const NodePool &P, const Operand &O,
                         const RegisterFacts &Facts);

/// Applies instruction Inst of F to Facts; Marker, when given, may mark
/// what it writes.
void transferInstruction(const Function &F, uint32_t Inst, RegisterFacts &Facts,
                         KnownBitsMarker Marker = nullptr);

} // namespace tcgen05

#endif
