//===- Tcgen05Names.cpp - Spellings of the tcgen05 AST enums --------------===//

#include "tcgen05/AST/Tcgen05Inst.h"

#include "llvm/ADT/StringRef.h"

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

namespace {

struct QualifierWord {
  llvm::StringLiteral Spelling;
  Tcgen05QualClass Class;
};

// A word may appear in several rows (for different forms); all give it
// the same class.
constexpr QualifierWord QualifierWords[] = {
#define QUAL(Forms, Class, Spelling, MinPTX, Targets, Section)                 \
  {Spelling, Tcgen05QualClass::Class},
#include "tcgen05/AST/Tcgen05Qualifiers.def"
};

const Tcgen05FormSpelling FormSpellings[] = {
#define FORM(Id, Opcode, Spelling, Section, MinPTX, Targets, Syntax)           \
  {Tcgen05Opcode::Opcode, Spelling, Section, Syntax},
#include "tcgen05/AST/Tcgen05Forms.def"
};

} // namespace

std::optional<Tcgen05QualClass> tcgen05QualifierClass(llvm::StringRef Word) {
  for (const QualifierWord &Q : QualifierWords)
    if (Q.Spelling == Word)
      return Q.Class;
  return std::nullopt;
}

const Tcgen05FormSpelling &tcgen05FormSpelling(Tcgen05Form F) {
  return FormSpellings[static_cast<unsigned>(F)];
}

llvm::ArrayRef<Tcgen05FormSpelling> tcgen05FormSpellings() {
  return FormSpellings;
}

std::optional<Tcgen05Form> tcgen05FormOfSpelling(llvm::StringRef Spelling) {
  for (const Tcgen05FormSpelling &S : FormSpellings)
    if (S.Spelling == Spelling)
      return static_cast<Tcgen05Form>(&S - FormSpellings);
  return std::nullopt;
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
