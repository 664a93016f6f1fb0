//===- Tcgen05Check.h - tcgen05 rules from the PTX ISA tables ---*- C++ -*-===//
//
// Checks tcgen05 instructions against the rule tables in lib/Sema/Tcgen05
// (qualifier sets, required and conflicting qualifiers, operand forms and
// widths, vector lengths, immediate ranges, target and PTX version
// requirements), and kernels against the one-.cta_group rule.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_SEMA_TCGEN05CHECK_H
#define TCGEN05_SEMA_TCGEN05CHECK_H

#include "tcgen05/AST/AST.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <vector>

namespace tcgen05 {

class DiagnosticSink;
class ModuleSymbols;

/// The registers visible at one point of a body.
class RegisterLookup {
public:
  virtual ~RegisterLookup();
  /// The type word of Name's declaration (".b32", ".pred"), or nothing if
  /// Name is not a declared register.
  virtual std::optional<llvm::StringRef>
  registerType(llvm::StringRef Name) const = 0;
};

/// Width in bits of a PTX type word (".b32" -> 32, ".pred" -> 1); 0 if
/// unknown.
unsigned typeWidth(llvm::StringRef TypeWord);

/// Checks F.Tcgen05[Index] with the registers visible at it.
void checkTcgen05Instruction(const Module &M, const Function &F, uint32_t Index,
                             const RegisterLookup &Regs, DiagnosticSink &Sink);

/// A function a body names: its number in ModuleSymbols::functions() and
/// the name where it is used.
struct FunctionUse {
  uint32_t Function;
  llvm::StringRef Use;
};

/// What one body contributes to the kernel-level .cta_group rule.
struct CtaGroupSummary {
  Span First[2]; ///< The first .cta_group::1 and ::2 qualifiers.
  std::vector<FunctionUse> Callees;      ///< Functions called.
  std::vector<FunctionUse> AddressTaken; ///< Functions used as values.
};

/// Computes F's summary (F's body must be parsed); Symbols are the
/// module's, to tell a function used as a value from a variable.
CtaGroupSummary summarizeCtaGroups(const Function &F,
                                   const ModuleSymbols &Symbols);

/// Adds the summary of a further piece of the same body to Into.
void appendSummary(CtaGroupSummary &Into, CtaGroupSummary &&Piece);

/// Every tcgen05 instruction reachable from one kernel must use the same
/// .cta_group (PTX ISA 9.7.16.7.1).  Summaries are indexed like
/// M.Functions.  With SeparateCompilation each function is checked alone,
/// as ptxas -c does.
void checkKernelCtaGroups(const Module &M, const ModuleSymbols &Symbols,
                          const std::vector<CtaGroupSummary> &Summaries,
                          bool SeparateCompilation, DiagnosticSink &Sink);

/// In a whole program (not SeparateCompilation) every function a body
/// calls or takes the address of must be defined in the module, but the
/// system calls of the ABI ptxas provides (vprintf, malloc, free,
/// __assertfail): ptxas "Unresolved extern function".  With separate
/// compilation only .extern declarations may be left undefined.
void checkUnresolvedFunctions(const Module &M, const ModuleSymbols &Symbols,
                              const std::vector<CtaGroupSummary> &Summaries,
                              bool SeparateCompilation, DiagnosticSink &Sink);

} // namespace tcgen05

#endif
