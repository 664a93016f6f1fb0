//===- Tcgen05Names.cpp - Spellings of the tcgen05 AST enums --------------===//

#include "tcgen05/AST/Tcgen05Inst.h"

namespace tcgen05 {

llvm::StringRef tcgen05OpcodeName(Tcgen05Opcode Op) {
  switch (Op) {
#define X(Name, Spelling)                                                      \
  case Tcgen05Opcode::Name:                                                    \
    return Spelling;
    TCGEN05_OPCODES(X)
#undef X
  }
  return "tcgen05";
}

llvm::StringRef tcgen05QualClassName(Tcgen05QualClass C) {
  switch (C) {
#define X(Name, Desc)                                                          \
  case Tcgen05QualClass::Name:                                                 \
    return Desc;
    TCGEN05_QUALIFIER_CLASSES(X)
#undef X
  }
  return "unknown";
}

llvm::StringRef tcgen05OperandRoleName(Tcgen05OperandRole R) {
  switch (R) {
#define X(Name, Spelling)                                                      \
  case Tcgen05OperandRole::Name:                                               \
    return Spelling;
    TCGEN05_OPERAND_ROLES(X)
#undef X
  }
  return "operand";
}

} // namespace tcgen05
