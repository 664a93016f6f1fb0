//===- DiagnosticPrinters.h - Text, JSON and SARIF output -------*- C++ -*-===//
#ifndef TCGEN05_FRONTEND_DIAGNOSTICPRINTERS_H
#define TCGEN05_FRONTEND_DIAGNOSTICPRINTERS_H

#include "tcgen05/Basic/Diagnostic.h"

#include <memory>

namespace llvm {
class raw_ostream;
}

namespace tcgen05 {

/// clang-style: file:line:col: error: message [TCnnnn], the line, a caret
/// with a range, then notes.
std::unique_ptr<DiagnosticConsumer>
createTextDiagnosticPrinter(llvm::raw_ostream &OS, bool Colors);

/// One JSON document, written by finish().
std::unique_ptr<DiagnosticConsumer>
createJSONDiagnosticPrinter(llvm::raw_ostream &OS);

/// A SARIF 2.1.0 log with one run, written by finish().  Every catalogue
/// entry is listed as a rule.
std::unique_ptr<DiagnosticConsumer>
createSarifDiagnosticPrinter(llvm::raw_ostream &OS, llvm::StringRef ToolVersion);

/// Where a diagnostic points: 1-based line and column of the range's start
/// and end, and the buffer's name.  False when it has no location.
struct ResolvedLocation {
  std::string File;
  unsigned Line = 0, Column = 0, EndLine = 0, EndColumn = 0;
};
bool resolveLocation(const llvm::SourceMgr *SM, llvm::SMRange R,
                     ResolvedLocation &Out);

} // namespace tcgen05

#endif
