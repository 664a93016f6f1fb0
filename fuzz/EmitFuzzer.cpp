//===- EmitFuzzer.cpp - libFuzzer: emission is total and idempotent -------===//
//
// Arbitrary bytes through --emit=ptx, also retargeted to sm_103a with the
// oldest PTX version.  Whatever checks clean must emit to a module that
// checks clean too and emits to itself; a difference aborts, so libFuzzer
// keeps the input.
//
//===----------------------------------------------------------------------===//

#include "tcgen05/Frontend/Emit.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdlib>
#include <string>

namespace {
struct Discard : tcgen05::DiagnosticConsumer {
  void handleDiagnostic(const llvm::SourceMgr *,
                        const tcgen05::Diagnostic &) override {}
};

bool emit(llvm::StringRef Text, const tcgen05::EmitOptions &Opts,
          std::string &Out) {
  llvm::SourceMgr SM;
  unsigned ID = SM.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(Text, "fuzz.ptx"), llvm::SMLoc());
  Discard D;
  tcgen05::DiagnosticsEngine Engine(D, tcgen05::DiagnosticOptions());
  llvm::raw_string_ostream OS(Out);
  return tcgen05::emitBuffer(SM, ID, Engine, Opts, OS) ==
         tcgen05::CheckStatus::Clean;
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Input(reinterpret_cast<const char *>(Data), Size);
  tcgen05::EmitOptions Plain, Moved;
  Moved.Check.Target = "sm_103a";
  Moved.PtxVersion = "auto";
  for (const tcgen05::EmitOptions *Opts : {&Plain, &Moved}) {
    std::string Once, Twice;
    if (!emit(Input, *Opts, Once))
      continue;
    if (!emit(Once, Plain, Twice) || Twice != Once)
      std::abort();
  }
  return 0;
}
