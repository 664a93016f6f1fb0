//===- Opcodes.h - The PTX instruction names ---------------------*- C++
//-*-===//
#ifndef TCGEN05_BASIC_OPCODES_H
#define TCGEN05_BASIC_OPCODES_H

#include "llvm/ADT/StringRef.h"

namespace tcgen05 {

/// Whether Name (an opcode without qualifiers) names a PTX instruction.
bool isKnownOpcode(llvm::StringRef Name);

/// The manual's section title for a known opcode; empty otherwise.
llvm::StringRef opcodeGroup(llvm::StringRef Name);

/// The known opcode nearest to an unknown Name, if one is close enough to be
/// a likely typo; empty otherwise.
llvm::StringRef suggestOpcode(llvm::StringRef Name);

} // namespace tcgen05

#endif
