//===- ManPage.h - The manual page, from the options ------------*- C++ -*-===//
//
// tcgen05-check(1) is written from the options the tool registers, so it
// cannot list an option the tool does not have or miss one it has: their
// names, values and descriptions are those --help prints.  The options the
// tool reads itself (--color, -W<group>) come from one table, which --help
// prints too.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_TOOLS_MANPAGE_H
#define TCGEN05_TOOLS_MANPAGE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace tcgen05 {

/// An option cl does not parse: its spelling and what it does.
struct ExtraOptionHelp {
  llvm::StringRef Spelling;
  std::string Help;
};

/// The values of an enumerated option, with their descriptions; empty for
/// any other.
using EnumValuesFn =
    std::function<std::vector<std::pair<std::string, std::string>>(
        const llvm::cl::Option &)>;

/// Writes the page in man(7) format: the visible options of Category in
/// name order, then Extra, the warning groups and the exit codes.
void printManPage(llvm::raw_ostream &OS,
                  const llvm::cl::OptionCategory &Category,
                  llvm::ArrayRef<ExtraOptionHelp> Extra,
                  const EnumValuesFn &EnumValues, llvm::StringRef Version,
                  llvm::StringRef ExitCodes);

} // namespace tcgen05

#endif
