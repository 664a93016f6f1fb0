//===- Opcodes.h - The PTX instructions and their properties ----*- C++ -*-===//
#ifndef TCGEN05_BASIC_OPCODES_H
#define TCGEN05_BASIC_OPCODES_H

#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace tcgen05 {

/// An instruction name, interned by the parser (Opcodes.def).  Unknown is a
/// name PTX does not define, reported where it was parsed.
enum class Opcode : uint16_t {
  Unknown,
#define OPCODE(Enum, Name, Group, Properties) Enum,
#include "tcgen05/Basic/Opcodes.def"
};

/// The number of Opcode values, Unknown included.
constexpr size_t NumOpcodes = 1
#define OPCODE(Enum, Name, Group, Properties) +1
#include "tcgen05/Basic/Opcodes.def"
    ;

/// What the analyses ask of an opcode: Opcodes.def's Properties column,
/// whose header says what each means.
/// Each as X(Flag, Bit, Spelling): the spelling is the property's name in
/// --dump-vocabulary.
#define TCGEN05_OPCODE_PROPERTIES(X)                                           \
  X(OpEndsBlock, 0, "ends-block")                                              \
  X(OpJumps, 1, "jumps")                                                       \
  X(OpNoDef, 2, "no-def")                                                      \
  X(OpVarying, 3, "varying")                                                   \
  X(OpSync, 4, "sync")                                                         \
  X(OpBits, 5, "bits")

enum OpcodeProperty : uint8_t {
  OpNone = 0,
#define X(Flag, Bit, Spelling) Flag = 1u << Bit,
  TCGEN05_OPCODE_PROPERTIES(X)
#undef X
};

/// The Properties column of Op's row; none for Unknown.
constexpr unsigned opcodeProperties(Opcode Op) {
  switch (Op) {
#define OPCODE(Enum, Name, Group, Properties)                                  \
  case Opcode::Enum:                                                           \
    return Properties;
#include "tcgen05/Basic/Opcodes.def"
  case Opcode::Unknown:
    break;
  }
  return OpNone;
}

/// Whether Op has every property of Mask.
constexpr bool hasProperty(Opcode Op, unsigned Mask) {
  return (opcodeProperties(Op) & Mask) == Mask;
}

/// The opcode Name (an instruction name without qualifiers) spells; Unknown
/// for none.
Opcode lookupOpcode(llvm::StringRef Name);

/// lookupOpcode for tables other than Opcodes.def that name an opcode by its
/// text (which their Python readers read): a search, for constant
/// expressions only.
constexpr Opcode opcodeNamed(std::string_view Name) {
#define OPCODE(Enum, N, Group, Properties)                                     \
  if (Name == #N)                                                              \
    return Opcode::Enum;
#include "tcgen05/Basic/Opcodes.def"
  return Opcode::Unknown;
}

/// Whether Name names a PTX instruction.
inline bool isKnownOpcode(llvm::StringRef Name) {
  return lookupOpcode(Name) != Opcode::Unknown;
}

/// Op's name as PTX spells it; empty for Unknown.
llvm::StringRef opcodeName(Opcode Op);

/// The manual's section title for Op; empty for Unknown.
llvm::StringRef opcodeGroup(Opcode Op);

/// The known opcode nearest to an unknown Name, if one is close enough to be
/// a likely typo; empty otherwise.
llvm::StringRef suggestOpcode(llvm::StringRef Name);

} // namespace tcgen05

#endif
