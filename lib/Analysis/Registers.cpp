//===- Registers.cpp - Which registers an instruction reads and writes ----===//

#include "tcgen05/Analysis/Registers.h"

using namespace tcgen05;

bool tcgen05::writesNoRegister(llvm::StringRef Op) {
  return Op == "bra" || Op == "brx" || Op == "call" || Op == "ret" ||
         Op == "exit" || Op == "st" || Op == "red" || Op == "bar" ||
         Op == "barrier" || Op == "fence" || Op == "membar" || Op == "cp";
}
