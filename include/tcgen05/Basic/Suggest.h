//===- Suggest.h - Did-you-mean suggestions for misspelled words -*- C++
//-*-===//
#ifndef TCGEN05_BASIC_SUGGEST_H
#define TCGEN05_BASIC_SUGGEST_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <cstddef>

#include <string>

namespace tcgen05 {

inline constexpr size_t NoCandidate = ~size_t(0);

/// The index of the candidate (At(0) .. At(Count - 1)) closest to Word by
/// edit distance, when at most a third of Word differs ('.cta_grop::1'
/// suggests '.cta_group::1', '.x' nothing).  With PreferTypos, among
/// equally close ones the one that needs no replaced letter wins ('mmma'
/// suggests 'mma', not 'wmma'): right for names, wrong for numbered words
/// ('.x3' is no more '.x32' than '.x2').  NoCandidate when none is close,
/// or two remain equally close.
size_t closestCandidate(llvm::StringRef Word, size_t Count,
                        llvm::function_ref<llvm::StringRef(size_t)> At,
                        bool PreferTypos = false);

/// closestCandidate over a list of spellings: the spelling, or empty.
std::string closestSpelling(llvm::StringRef Word,
                            llvm::ArrayRef<std::string> Candidates,
                            bool PreferTypos = false);

/// Every directive of the PTX ISA (chapter 11): module, function,
/// variable, debugging and performance-tuning directives.
llvm::ArrayRef<std::string> ptxDirectiveNames();

/// The directives of a function's header (.maxnreg, .maxntid, .noreturn,
/// ...), which a body cannot hold.
llvm::ArrayRef<llvm::StringLiteral> functionHeaderDirectiveNames();

} // namespace tcgen05

#endif
