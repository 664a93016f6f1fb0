//===- InstructionCheck.cpp - The rules of one instruction ----------------===//

#include "tcgen05/Sema/InstructionCheck.h"

#include "tcgen05/Sema/OtherInstructionCheck.h"

using namespace tcgen05;

void tcgen05::checkInstruction(const Module &M, const Function &F,
                               uint32_t Index, const RegisterLookup &Regs,
                               DiagnosticSink &Sink) {
  const Instruction &I = F.Instructions[Index];
  if (I.Tcgen05 != Instruction::NoTcgen05)
    checkTcgen05Instruction(M, F, I.Tcgen05, Regs, Sink);
  else if (isOtherCheckedOpcode(I.op()))
    checkOtherInstruction(M, F, Index, Regs, Sink);
  else if (I.op() == Opcode::Wgmma)
    checkWgmmaFragments(M, F, Index, Regs, Sink);
}
