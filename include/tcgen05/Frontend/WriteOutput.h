//===- WriteOutput.h - Write an output whole or not at all --------*- C++
//-*-===//
//
// A file the tool writes (--emit's -o, --write-baseline) is either the whole
// output or left as it was: the text goes to a temporary file beside it,
// which replaces it once every byte is written and closed.  Paths that are
// not regular files (a device, a pipe, a symbolic link) are written in
// place, and standard output is flushed, so that a write that fails, as to
// a full disk, is an error the caller reports, never a report that looks
// complete.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_FRONTEND_WRITEOUTPUT_H
#define TCGEN05_FRONTEND_WRITEOUTPUT_H

#include "llvm/ADT/StringRef.h"

#include <system_error>

namespace llvm {
class raw_fd_ostream;
} // namespace llvm

namespace tcgen05 {

/// Writes Text to Path ("-": standard output).
std::error_code writeOutputFile(llvm::StringRef Path, llvm::StringRef Text);

/// Flushes OS and returns the first error any write to it met, clearing it
/// (LLVM ends the process on an error still set when a stream is
/// destroyed).
std::error_code takeStreamError(llvm::raw_fd_ostream &OS);

} // namespace tcgen05

#endif
