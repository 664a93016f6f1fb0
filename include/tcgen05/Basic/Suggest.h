//===- Suggest.h - Did-you-mean suggestions for misspelled words -*- C++ -*-===//
#ifndef TCGEN05_BASIC_SUGGEST_H
#define TCGEN05_BASIC_SUGGEST_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace tcgen05 {

/// The candidate closest to Word by edit distance, when at most a third of
/// Word differs ('.cta_grop::1' suggests '.cta_group::1', '.x' nothing);
/// empty otherwise, or when two candidates are equally close.
std::string closestSpelling(llvm::StringRef Word,
                            llvm::ArrayRef<std::string> Candidates);

/// Every directive of the PTX ISA (chapter 11): module, function,
/// variable, debugging and performance-tuning directives.
llvm::ArrayRef<std::string> ptxDirectiveNames();

/// The directives of a function's header (.maxnreg, .maxntid, .noreturn,
/// ...), which a body cannot hold.
llvm::ArrayRef<llvm::StringLiteral> functionHeaderDirectiveNames();

} // namespace tcgen05

#endif
