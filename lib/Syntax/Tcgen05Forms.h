//===- Tcgen05Forms.h - The manual's tcgen05 forms --------------*- C++ -*-===//
//
// The syntax lines of PTX ISA 9.7.16.7 - 9.7.16.12, one entry per instruction
// variant, for the notes that follow a syntax error.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_LIB_SYNTAX_TCGEN05FORMS_H
#define TCGEN05_LIB_SYNTAX_TCGEN05FORMS_H

#include "tcgen05/AST/Tcgen05Inst.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>

namespace tcgen05 {

/// An instruction as its name words spell it: tcgen05.mma.ws.sp has its own
/// syntax section, tcgen05.mma.cta_group::1 does not.
enum class Tcgen05Form : uint8_t {
  Alloc,
  Dealloc,
  RelinquishAllocPermit,
  Ld,
  LdRed,
  St,
  Wait,
  Cp,
  Shift,
  Mma,
  MmaSp,
  MmaWs,
  MmaWsSp,
  Fence,
  Commit,
};

struct Tcgen05FormInfo {
  Tcgen05Opcode Opcode;
  /// The manual's syntax lines, joined by " | ".
  llvm::StringRef Syntax;
  /// "9.7.16.10.9.1"
  llvm::StringRef Section;
};

const Tcgen05FormInfo &getTcgen05FormInfo(Tcgen05Form F);

/// "tcgen05.alloc, tcgen05.dealloc, ..." for the unknown-instruction note.
llvm::StringRef tcgen05InstructionList();

} // namespace tcgen05

#endif
