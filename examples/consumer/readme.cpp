#include "tcgen05/Frontend/Check.h"
#include "tcgen05/Frontend/DiagnosticPrinters.h"

#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  llvm::SourceMgr SM;
  auto Printer =
      tcgen05::createTextDiagnosticPrinter(llvm::errs(), /*Colors=*/false);
  tcgen05::DiagnosticsEngine Engine(*Printer, tcgen05::DiagnosticOptions());
  tcgen05::CheckStatus S = tcgen05::checkFile(
      argc > 1 ? argv[1] : "kernel.ptx", SM, Engine, tcgen05::CheckOptions());
  Printer->finish();
  return S == tcgen05::CheckStatus::Clean ? 0 : 1;
}
