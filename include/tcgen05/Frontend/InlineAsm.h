//===- InlineAsm.h - Check inline-asm templates ------------------*- C++
//-*-===//
//
// Compilers emit tcgen05 code as inline-asm templates: "tcgen05.ld... {%0,
// %1}, [%2];" with one constraint per operand.  This checks a template the
// way the module around it will be checked, and reports positions in the
// template itself.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_FRONTEND_INLINEASM_H
#define TCGEN05_FRONTEND_INLINEASM_H

#include "tcgen05/Frontend/Check.h"
#include "tcgen05/Frontend/ReadInput.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace llvm {
class SourceMgr;
}

namespace tcgen05 {

struct InlineAsmOptions {
  std::string Target = "sm_100a";
  /// PTX ISA version of the module the template goes into (major*10+minor).
  unsigned PtxVersion = 90;
  /// The most checkInlineAsmFile reads.
  uint64_t MaxInputSize = DefaultMaxInputSize;
};

/// Checks Template, whose operands are written %N or $N (%% is a literal
/// '%'), with Constraints[N] the constraint of operand N in GCC/LLVM form:
/// "r" 32-bit, "l" 64-bit, "h" 16-bit, "f" .f32, "d" .f64, "b" predicate
/// ("=" and "+" prefixes allowed), "n" an immediate.  The template is added
/// to SM as a buffer named Name; diagnostics point into it.  Returns
/// IOError for a bad constraint or an operand number out of range (also
/// reported).
CheckStatus checkInlineAsm(llvm::StringRef Template,
                           llvm::ArrayRef<std::string> Constraints,
                           llvm::StringRef Name, const InlineAsmOptions &Opts,
                           llvm::SourceMgr &SM, DiagnosticsEngine &Engine);

/// checkInlineAsm on the template read from Path ("-": standard input),
/// with Constraints comma-separated ("=r,l,n").  Returns IOError when Path
/// cannot be read (reported).
CheckStatus checkInlineAsmFile(llvm::StringRef Path,
                               llvm::StringRef Constraints,
                               const InlineAsmOptions &Opts,
                               llvm::SourceMgr &SM, DiagnosticsEngine &Engine);

} // namespace tcgen05

#endif
