//===- CheckBuilt.cpp - Check an instruction the builder made -------------===//

#include "tcgen05/Frontend/CheckBuilt.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

using namespace tcgen05;

CheckStatus tcgen05::checkBuilt(const build::Instr &I,
                                const build::BuildTarget &T,
                                llvm::SourceMgr &SM,
                                DiagnosticsEngine &Engine) {
  unsigned ID = SM.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(I.module(T), I.bufferName()),
      llvm::SMLoc());
  CheckOptions Opts;
  Opts.Lint.CheckHazards = false;
  Opts.Threads = 1;
  return checkBuffer(SM, ID, Engine, Opts);
}
