//===- Registers.cpp - Which registers an instruction reads and writes ----===//

#include "tcgen05/Analysis/Registers.h"

using namespace tcgen05;

bool tcgen05::writesNoRegister(llvm::StringRef Op) {
  return Op == "bra" || Op == "brx" || Op == "call" || Op == "ret" ||
         Op == "exit" || Op == "st" || Op == "red" || Op == "bar" ||
         Op == "barrier" || Op == "fence" || Op == "membar" || Op == "cp";
}

RegisterNumbering::RegisterNumbering(const Function &F)
    : Base(F.Operands.data()) {
  for (const Instruction &I : F.Instructions)
    if (I.Operands.Count && !writesNoRegister(I.Opcode.text()))
      forEachWritten(F, F.Operands[I.Operands.First], [&](llvm::StringRef R) {
        if (Ids.try_emplace(R, NumRegisters).second)
          ++NumRegisters;
      });
  OperandReg.assign(F.Operands.size(), None);
  for (size_t K = 0; K < F.Operands.size(); ++K) {
    const Operand &O = F.Operands[K];
    if (O.Kind == OperandKind::Register || O.Kind == OperandKind::Member ||
        O.Kind == OperandKind::Symbol)
      OperandReg[K] = lookup(O.text());
  }
  GuardReg.assign(F.Instructions.size(), None);
  for (size_t K = 0; K < F.Instructions.size(); ++K) {
    const Guard &Pred = F.Instructions[K].Pred;
    if (Pred.Reg.valid() && !Pred.Reg.empty())
      GuardReg[K] = lookup(Pred.Reg.text());
  }
}
