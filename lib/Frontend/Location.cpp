//===- Location.cpp - Line and column of a diagnostic ---------------------===//

#include "tcgen05/Frontend/DiagnosticPrinters.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

using namespace tcgen05;

bool tcgen05::resolveLocation(const llvm::SourceMgr *SM, llvm::SMRange R,
                              ResolvedLocation &Out) {
  if (!SM || !R.Start.isValid())
    return false;
  unsigned ID = SM->FindBufferContainingLoc(R.Start);
  if (!ID)
    return false;
  Out.File = SM->getMemoryBuffer(ID)->getBufferIdentifier().str();
  std::tie(Out.Line, Out.Column) = SM->getLineAndColumn(R.Start, ID);
  llvm::SMLoc End = R.End.isValid() ? R.End : R.Start;
  std::tie(Out.EndLine, Out.EndColumn) = SM->getLineAndColumn(End, ID);
  return true;
}
