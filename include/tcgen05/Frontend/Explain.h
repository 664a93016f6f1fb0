//===- Explain.h - Long-form documentation of diagnostic codes --*- C++ -*-===//
#ifndef TCGEN05_FRONTEND_EXPLAIN_H
#define TCGEN05_FRONTEND_EXPLAIN_H

#include "tcgen05/Basic/Diagnostic.h"

#include "llvm/ADT/StringRef.h"

#include <optional>

namespace llvm {
class raw_ostream;
}

namespace tcgen05 {

/// The page docs/diagnostics/TCnnnn.md for Code, if there is one.
std::optional<llvm::StringRef> explainDiagCode(unsigned Code);

/// --list-rules: one line per diagnostic code, "TC4002  warning  reserved-bits
/// warn_idesc_reserved  <message>", in code order, for CI configurations.
void printRuleList(llvm::raw_ostream &OS);

/// --explain as a call: the page for Text (a code in any form parseDiagCode
/// reads), or nullopt after reporting to Engine why there is none.
std::optional<llvm::StringRef> explainDiagnostic(llvm::StringRef Text,
                                                 DiagnosticsEngine &Engine);

} // namespace tcgen05

#endif
