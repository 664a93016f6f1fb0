//===- OptionNames.h - Arguments that name no option ------------*- C++ -*-===//
//
// LLVM's parser reads an argument it does not know as a prefix option with
// a value, or as single-letter options grouped: '--jobs=4' became -j with
// the value 'obs=4'.  The driver looks at each option word first, so that a
// typo is an error that names it.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_TOOLS_OPTIONNAMES_H
#define TCGEN05_TOOLS_OPTIONNAMES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/CommandLine.h"

#include <optional>
#include <string>

namespace tcgen05 {

struct UnknownOption {
  std::string Arg;        ///< as written
  std::string Suggestion; ///< the closest option of Category, or empty
};

/// The first of Args (after the program name, before a '--') that starts
/// with '-' and names no registered option: not '--name', '--name=value',
/// nor a prefix option with its value ('-j4', '-oout.ptx').  A numeric
/// prefix option takes digits only.
std::optional<UnknownOption>
findUnknownOption(llvm::ArrayRef<const char *> Args,
                  const llvm::cl::OptionCategory &Category);

} // namespace tcgen05

#endif
