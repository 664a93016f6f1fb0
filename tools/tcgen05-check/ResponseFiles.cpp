//===- ResponseFiles.cpp - @file arguments, read within bounds ------------===//

#include "ResponseFiles.h"

#include "tcgen05/Frontend/ReadInput.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace tcgen05;

namespace {

bool expand(llvm::ArrayRef<const char *> In,
            llvm::SmallVectorImpl<const char *> &Out, llvm::StringSaver &Saver,
            unsigned Depth, ResponseFileError &Error) {
  for (const char *Arg : In) {
    llvm::StringRef Path(Arg);
    // As LLVM's parser: an @name that is no file stays an argument.
    if (!Path.consume_front("@") || !llvm::sys::fs::exists(Path)) {
      Out.push_back(Arg);
      continue;
    }
    if (Depth == MaxResponseFileDepth) {
      Error = {Path.str(), "response files nest more than " +
                               std::to_string(MaxResponseFileDepth) + " deep"};
      return false;
    }
    InputRead R = readInput(Path, MaxResponseFileBytes);
    if (!R.Buffer) {
      Error = {Path.str(),
               R.TooLarge ? "it holds more than " +
                                std::to_string(MaxResponseFileBytes) + " bytes"
               : R.Error ? R.Error.message()
                         : std::string("it cannot be read")};
      return false;
    }
    if (R.HasNul) {
      Error = {Path.str(), "it is not text: it contains a NUL byte"};
      return false;
    }
    llvm::SmallVector<const char *, 16> Inner;
    llvm::cl::TokenizeGNUCommandLine(R.Buffer->getBuffer(), Saver, Inner);
    if (!expand(Inner, Out, Saver, Depth + 1, Error))
      return false;
  }
  return true;
}

} // namespace

bool tcgen05::expandResponseFiles(llvm::SmallVectorImpl<const char *> &Args,
                                  llvm::StringSaver &Saver,
                                  ResponseFileError &Error) {
  if (Args.empty())
    return true;
  llvm::SmallVector<const char *, 16> Out{Args.front()};
  if (!expand(llvm::ArrayRef<const char *>(Args).drop_front(), Out, Saver, 0,
              Error))
    return false;
  Args.assign(Out.begin(), Out.end());
  return true;
}
