//===- InlineAsmFuzzer.cpp - libFuzzer entry point for asm templates ------===//
//
// The first bytes pick the operands' constraints; the rest is the template.
// Placeholders can name any operand and fall anywhere, so this exercises the
// mapping of positions from the wrapping module back into the template.
//
//===----------------------------------------------------------------------===//

#include "tcgen05/Frontend/DiagnosticPrinters.h"
#include "tcgen05/Frontend/InlineAsm.h"

#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  static const char *const Letters[] = {"r", "l", "h", "f",
                                        "d", "b", "n", "=r"};
  std::vector<std::string> Constraints;
  size_t I = 0;
  // Operand count, then one byte per operand.
  unsigned Count = Size ? Data[I++] % 12 : 0;
  for (unsigned N = 0; N < Count && I < Size; ++N)
    Constraints.push_back(Letters[Data[I++] % 8]);
  llvm::StringRef Template(reinterpret_cast<const char *>(Data) + I, Size - I);

  llvm::SourceMgr SM;
  llvm::raw_null_ostream Null;
  auto Printer = tcgen05::createTextDiagnosticPrinter(Null, /*Colors=*/false);
  tcgen05::DiagnosticOptions Opts;
  Opts.ErrorLimit = 0;
  tcgen05::DiagnosticsEngine Engine(*Printer, Opts);
  tcgen05::checkInlineAsm(Template, Constraints, "fuzz.s",
                          tcgen05::InlineAsmOptions(), SM, Engine);
  Printer->finish();
  return 0;
}
