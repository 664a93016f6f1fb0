//===- Verify.h - expected-error style inline expectations ------*- C++ -*-===//
//
// Test files state the diagnostics they expect in comments:
//   mov.b32 %r9, 1;   // expected-error {{undeclared register}}
//   // expected-error@+1:18 {{[TC2001]}}
//   // expected-warning@-2 {{...}}   expected-note@12 {{...}}
//   // expected-no-diagnostics
// The text between {{ }} must occur in "message [TCnnnn]".  @+N / @-N are
// relative to the comment's line, @N is absolute; :C pins the column.
// Notes are checked only in files that expect at least one note.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_FRONTEND_VERIFY_H
#define TCGEN05_FRONTEND_VERIFY_H

#include "tcgen05/Basic/Diagnostic.h"
#include "tcgen05/Frontend/DiagnosticPrinters.h"

#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
class SourceMgr;
} // namespace llvm

namespace tcgen05 {

class VerifyDiagnosticConsumer : public DiagnosticConsumer {
public:
  void handleDiagnostic(const llvm::SourceMgr *SM,
                        const Diagnostic &D) override;
  void beginBatch(const LineIndex *Lines) override {
    Locations = LocationResolver(Lines);
  }

  /// Compares what was reported with what every buffer of SM expects.
  /// Prints each mismatch to OS; returns the number of mismatches.
  unsigned verify(const llvm::SourceMgr &SM, llvm::raw_ostream &OS);

private:
  struct Seen {
    Severity Sev;
    std::string File;
    unsigned Line = 0, Column = 0;
    std::string Text;
  };
  std::vector<Seen> Reported;
  LocationResolver Locations;
};

} // namespace tcgen05

#endif
