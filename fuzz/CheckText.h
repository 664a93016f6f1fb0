//===- CheckText.h - One check of fuzz input, its diagnostics as text -----===//
//
// The differential fuzzers check an input two ways and compare what each
// printed.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_FUZZ_CHECKTEXT_H
#define TCGEN05_FUZZ_CHECKTEXT_H

#include "tcgen05/Frontend/Check.h"
#include "tcgen05/Frontend/DiagnosticPrinters.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace tcgen05::fuzz {

/// Checks Text with Check, every diagnostic delivered (no error limit), and
/// returns the plain-text output.
inline std::string checkText(llvm::StringRef Text, const CheckOptions &Check) {
  llvm::SourceMgr SM;
  unsigned ID = SM.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(Text, "fuzz.ptx"), llvm::SMLoc());
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  auto Printer = createTextDiagnosticPrinter(OS, /*Colors=*/false);
  DiagnosticOptions Opts;
  Opts.ErrorLimit = 0;
  DiagnosticsEngine Engine(*Printer, Opts);
  checkBuffer(SM, ID, Engine, Check);
  Printer->finish();
  return Out;
}

} // namespace tcgen05::fuzz

#endif
