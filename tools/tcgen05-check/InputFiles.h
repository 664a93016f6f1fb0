//===- InputFiles.h - Directory arguments, expanded -------------*- C++ -*-===//
//
// A directory argument stands for the .ptx files under it, so that CI can
// name a build's output directory.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_TOOLS_INPUTFILES_H
#define TCGEN05_TOOLS_INPUTFILES_H

#include "llvm/ADT/ArrayRef.h"

#include <string>
#include <vector>

namespace tcgen05 {

struct InputFiles {
  /// The files to check, in the order given; a directory's in path order.
  std::vector<std::string> Paths;
  /// Directories under which no .ptx file was found.
  std::vector<std::string> EmptyDirectories;
};

/// Args with each directory replaced by the regular files named *.ptx
/// under it, at any depth (symbolic links to directories are not followed,
/// so a link cycle ends).  Anything else, '-' included, stays as it is.
InputFiles expandInputs(llvm::ArrayRef<std::string> Args);

} // namespace tcgen05

#endif
