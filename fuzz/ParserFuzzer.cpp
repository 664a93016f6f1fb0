//===- ParserFuzzer.cpp - libFuzzer entry point for the whole front end ---===//
//
// Feeds arbitrary bytes through loading, parsing, the tcgen05 grammar, the
// symbol checks and the text printer, and through the warp roles
// (--dump-warp-roles).  Any crash, hang, leak or sanitizer report is a bug.
//
//===----------------------------------------------------------------------===//

#include "tcgen05/Frontend/Check.h"
#include "tcgen05/Frontend/DiagnosticPrinters.h"
#include "tcgen05/Frontend/WarpRolesDump.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::SourceMgr SM;
  unsigned ID = SM.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(
          llvm::StringRef(reinterpret_cast<const char *>(Data), Size),
          "fuzz.ptx"),
      llvm::SMLoc());
  llvm::raw_null_ostream Null;
  auto Printer = tcgen05::createTextDiagnosticPrinter(Null, /*Colors=*/false);
  tcgen05::DiagnosticOptions DiagOpts;
  DiagOpts.ErrorLimit = 0;
  tcgen05::DiagnosticsEngine Engine(*Printer, DiagOpts);
  tcgen05::CheckOptions Opts;
  // Broken input is what the fuzzer makes: the analyses must meet it too.
  Opts.AnalyzeInvalidFunctions = true;
  tcgen05::checkBuffer(SM, ID, Engine, Opts);
  tcgen05::dumpWarpRolesOfBuffer(SM, ID, "fuzz.ptx", Engine, Null);
  Printer->finish();
  return 0;
}
