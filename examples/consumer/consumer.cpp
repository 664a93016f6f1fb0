// Checks a tcgen05 statement the way a compiler would before emitting it:
// through the library, with diagnostics collected, not printed.
#include "tcgen05/Frontend/Check.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <cstdio>
#include <vector>

namespace {
const char *const Kernel = R"(.version 9.0
.target sm_100a
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%r1], 48;
	ld.shared.b32 %r2, [%r1];
	ld.shared.b32 %r3, [%r1+4];
	tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r2, %r3;
	ret;
}
)";
} // namespace

int main() {
  tcgen05::CollectingDiagnosticConsumer C;
  tcgen05::DiagnosticsEngine Engine(C, tcgen05::DiagnosticOptions());
  llvm::SourceMgr SM;
  unsigned ID = SM.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(Kernel, "generated.ptx"),
      llvm::SMLoc());
  tcgen05::checkBuffer(SM, ID, Engine, tcgen05::CheckOptions());
  for (const tcgen05::Diagnostic &D : C.Diags)
    std::printf("%s %s\n", tcgen05::formatDiagCode(D.code()).c_str(),
                D.Message.c_str());
  // One error expected: 48 columns is not a power of 2.
  return C.Diags.size() == 1 ? 0 : 1;
}
