//===- Symbols.h - Declared-before-use checks --------------------*- C++
//-*-===//
//
// Registers, variables, functions and labels must be declared; a name may be
// declared once per scope.  Module-level names are collected once; each body
// is then checked on its own, so bodies can be checked in parallel.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_SEMA_SYMBOLS_H
#define TCGEN05_SEMA_SYMBOLS_H

#include "tcgen05/AST/AST.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"

#include <bitset>
#include <memory>
#include <vector>

namespace tcgen05 {

class DiagnosticSink;
class RegisterLookup;
class RegisterNames;

/// Called for each instruction of a body, in order, with the registers
/// visible there: later checks that need declarations run inside the same
/// walk instead of rebuilding scopes.
using InstructionHook =
    llvm::function_ref<void(uint32_t InstIndex, const RegisterLookup &Regs)>;

/// What the kernel-level checks need of one function name, by number: the
/// bodies' summaries name callees by these numbers, so those checks run
/// after the parallel stage without hashing a name again.
struct FunctionName {
  static constexpr uint32_t None = ~0u;
  uint32_t LastBody = None;         ///< Index into M.Functions: the last
                                    ///< definition wins, as in ptxas.
  uint32_t FirstDeclaration = None; ///< Index into M.Functions of the first
                                    ///< declaration without a body.
};

/// Names visible in every function of a module.
class ModuleSymbols {
public:
  /// Collects globals and functions of M, reporting redefinitions.
  void build(const Module &M, DiagnosticSink &Sink);
  /// ptxas requires functions and variables to be declared before use.
  bool isDeclaredBefore(llvm::StringRef Name, const char *Use) const {
    auto It = Names.find(Name);
    return It != Names.end() && It->second.Decl.Begin < Use;
  }
  /// The number in functions() of the function called Name, or
  /// FunctionName::None.  Most names a body uses as values are labels,
  /// which seldom begin with a byte a function name begins with
  /// (`$L__BB0_3` against `_ZN...`): those are told apart without hashing.
  uint32_t findFunction(llvm::StringRef Name) const {
    if (Name.empty() ||
        !FunctionFirst.test(static_cast<unsigned char>(Name.front())))
      return FunctionName::None;
    auto It = Names.find(Name);
    return It == Names.end() ? FunctionName::None : It->second.Function;
  }
  llvm::ArrayRef<FunctionName> functions() const { return Functions; }

private:
  struct Entry {
    Span Decl;
    bool IsDefinition;
    uint32_t Function = FunctionName::None; ///< Into Functions.
  };
  llvm::StringMap<Entry> Names;
  std::vector<FunctionName> Functions;
  std::bitset<256> FunctionFirst;
};

/// Checks one function body: every name used is declared (registers and
/// variables before their use, labels anywhere in the function), and no
/// name or label is declared twice in one scope.
/// Names, if given, must be F's: a function whose names the analyses
/// number anyway passes them, and names are then looked up by number.
void checkFunctionSymbols(const Module &M, const ModuleSymbols &Globals,
                          const Function &F, DiagnosticSink &Sink,
                          InstructionHook Hook = {},
                          const RegisterNames *Names = nullptr);

/// checkFunctionSymbols for a body parsed a piece at a time (BodySegments):
/// call checkPiece on each piece while F's pools hold it, then finish.  A
/// name declared nowhere yet may be a label of a later piece; its error
/// comes from finish.
class BodySymbolChecker {
public:
  BodySymbolChecker(const Module &M, const ModuleSymbols &Globals,
                    const Function &F, DiagnosticSink &Sink,
                    InstructionHook Hook = {});
  ~BodySymbolChecker();
  BodySymbolChecker(const BodySymbolChecker &) = delete;
  BodySymbolChecker &operator=(const BodySymbolChecker &) = delete;

  void checkPiece();
  void finish();

private:
  class State;
  std::unique_ptr<State> S;
};

} // namespace tcgen05

#endif
