//===- ResponseFiles.h - @file arguments, read within bounds ------*- C++
//-*-===//
//
// LLVM's command-line parser reads a response file whole, whatever it is:
// @/dev/zero grows until memory runs out.  The driver expands them first,
// each read only up to a size a command line can have, nested only so deep.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_TOOLS_RESPONSEFILES_H
#define TCGEN05_TOOLS_RESPONSEFILES_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/StringSaver.h"

#include <string>

namespace tcgen05 {

/// A response file larger than this is not a command line.
constexpr uint64_t MaxResponseFileBytes = 1 << 20;
/// Response files naming response files, at most this deep.
constexpr unsigned MaxResponseFileDepth = 16;

struct ResponseFileError {
  std::string Path, Reason;
};

/// Replaces each @FILE argument whose file exists by the arguments it holds
/// (GNU quoting, as LLVM's parser reads them).  Returns false, with Error
/// set, when one cannot be read within the bounds above.
bool expandResponseFiles(llvm::SmallVectorImpl<const char *> &Args,
                         llvm::StringSaver &Saver, ResponseFileError &Error);

} // namespace tcgen05

#endif
