//===- Tcgen05Names.cpp - Spellings of the tcgen05 AST enums --------------===//

#include "tcgen05/AST/Tcgen05Inst.h"

#include "llvm/ADT/StringRef.h"

#include <algorithm>
#include <cstring>

namespace tcgen05 {

llvm::StringRef tcgen05OpcodeName(Tcgen05Opcode Op) {
  switch (Op) {
#define X(Name, Spelling, Properties)                                          \
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

enum FormBit : uint32_t {
#define FORM(Id, Opcode, Spelling, Section, MinPTX, Targets, Syntax)           \
  F_##Id = 1u << static_cast<unsigned>(Tcgen05Form::Id),
#include "tcgen05/AST/Tcgen05Forms.def"
};
#define FORM_GROUP(Name, Forms) constexpr uint32_t Name = (Forms);
#include "tcgen05/AST/Tcgen05FormGroups.def"

constexpr Tcgen05Opcode FormOpcodes[] = {
#define FORM(Id, Opcode, Spelling, Section, MinPTX, Targets, Syntax)           \
  Tcgen05Opcode::Opcode,
#include "tcgen05/AST/Tcgen05Forms.def"
};

struct OperandAccess {
  uint32_t Forms;
  Tcgen05OperandRole Role;
  Tcgen05Access Access;
};

constexpr OperandAccess Accesses[] = {
#define OPERAND(Forms, Role, Form, Bits, Float, Min, Max, Step, Accept,        \
                Access, Section)                                               \
  {Forms, Tcgen05OperandRole::Role, Tcgen05Access::Access},
#include "tcgen05/AST/Tcgen05Operands.def"
};

#define X(Name, Spelling, Properties) +1
constexpr unsigned NumTcgen05Opcodes = 0 TCGEN05_OPCODES(X);
#undef X

struct RoleMasks {
  uint32_t Written[NumTcgen05Opcodes] = {};
};

constexpr RoleMasks writtenRoles() {
  RoleMasks M;
  for (const OperandAccess &A : Accesses)
    for (unsigned F = 0; F < sizeof(FormOpcodes) / sizeof(FormOpcodes[0]); ++F)
      if (A.Access == Tcgen05Access::Write && (A.Forms >> F & 1))
        M.Written[static_cast<unsigned>(FormOpcodes[F])] |=
            1u << static_cast<unsigned>(A.Role);
  return M;
}

constexpr RoleMasks WrittenRoles = writtenRoles();

} // namespace

uint32_t tcgen05WrittenRoles(Tcgen05Opcode Op) {
  return WrittenRoles.Written[static_cast<unsigned>(Op)];
}

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

std::optional<Tcgen05Form>
tcgen05FormOf(Tcgen05Opcode Op,
              llvm::function_ref<bool(llvm::StringRef)> HasVariant) {
  // A form's words beyond its opcode's: "tcgen05.mma.ws.sp" over
  // "tcgen05.mma" is .ws, .sp; "tcgen05.wait::ld" over "tcgen05.wait" is
  // .wait::ld.
  llvm::StringRef OpWord = tcgen05OpcodeName(Op).drop_front(strlen("tcgen05"));
  std::optional<Tcgen05Form> Best;
  int BestWords = -1;
  for (const Tcgen05FormSpelling &S : FormSpellings) {
    if (S.Opcode != Op)
      continue;
    llvm::StringRef Rest = S.Spelling.drop_front(strlen("tcgen05"));
    if (Rest.starts_with(OpWord) &&
        (Rest.size() == OpWord.size() || Rest[OpWord.size()] == '.'))
      Rest = Rest.drop_front(OpWord.size());
    int Words = 0;
    bool All = true;
    while (All && !Rest.empty()) {
      size_t End = Rest.find('.', 1);
      All = HasVariant(Rest.take_front(End));
      Rest = Rest.drop_front(std::min(End, Rest.size()));
      ++Words;
    }
    if (All && Words > BestWords) {
      Best = static_cast<Tcgen05Form>(&S - FormSpellings);
      BestWords = Words;
    }
  }
  return Best;
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
