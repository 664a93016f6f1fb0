//===- Registers.h - Which registers an instruction reads and writes -*- C++ -*-===//
//
// The def-use view every analysis shares.  PTX puts what an instruction
// writes in its first operand (a register, a vector of them, or a p|q
// pair), except for instructions that write no register at all; every
// other register named, the guard's and those inside a first operand's
// address included, is read.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_ANALYSIS_REGISTERS_H
#define TCGEN05_ANALYSIS_REGISTERS_H

#include "tcgen05/AST/AST.h"

namespace tcgen05 {

/// Registers named by an operand that an instruction writes when it is
/// the first: a register, or the members of a vector or p|q pair.
template <typename Fn>
void forEachWritten(const Function &F, const Operand &O, Fn &&Each) {
  if (O.Kind == OperandKind::Register || O.Kind == OperandKind::Symbol) {
    Each(O.text());
    return;
  }
  if (O.Kind == OperandKind::Vector || O.Kind == OperandKind::Binary)
    for (const Operand &C : F.operands(O.Children))
      forEachWritten(F, C, Each);
}

/// The operands naming the registers forEachWritten names.
template <typename Fn>
void forEachWrittenOperand(const Function &F, const Operand &O, Fn &&Each) {
  if (O.Kind == OperandKind::Register || O.Kind == OperandKind::Symbol) {
    Each(O);
    return;
  }
  if (O.Kind == OperandKind::Vector || O.Kind == OperandKind::Binary)
    for (const Operand &C : F.operands(O.Children))
      forEachWrittenOperand(F, C, Each);
}

/// Every register an operand reads.
template <typename Fn>
void forEachRead(const Function &F, const Operand &O, Fn &&Each) {
  if (O.Kind == OperandKind::Register || O.Kind == OperandKind::Symbol)
    Each(O.text());
  else
    for (const Operand &C : F.operands(O.Children))
      forEachRead(F, C, Each);
}

/// Opcodes whose first operand is read, not written (stores, branches,
/// barriers).
bool writesNoRegister(llvm::StringRef Opcode);

/// Every register instruction I reads: its guard, its sources, and a
/// first operand it does not write.
template <typename Fn>
void forEachInstructionRead(const Function &F, const Instruction &I,
                            Fn &&Each) {
  if (I.Pred.Reg.valid() && !I.Pred.Reg.empty())
    Each(I.Pred.Reg.text());
  llvm::ArrayRef<Operand> Ops = F.operands(I.Operands);
  if (Ops.empty())
    return;
  bool FirstWritten = !writesNoRegister(I.Opcode.text()) &&
                      Ops[0].Kind != OperandKind::Address;
  for (const Operand &O : FirstWritten ? Ops.drop_front() : Ops)
    forEachRead(F, O, Each);
}

} // namespace tcgen05

#endif
