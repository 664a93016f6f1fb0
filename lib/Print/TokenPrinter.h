//===- TokenPrinter.h - Canonical spacing for token runs --------*- C++ -*-===//
//
// Directives (.loc, .file, .pragma, performance directives, DWARF sections)
// keep their words as written; only the blanks between tokens are made
// canonical.  Adjacency that changes meaning (%tid.x, generic(sym)) is kept.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_LIB_PRINT_TOKENPRINTER_H
#define TCGEN05_LIB_PRINT_TOKENPRINTER_H

#include "tcgen05/AST/AST.h"

namespace llvm {
class raw_ostream;
}

namespace tcgen05 {

/// Prints the tokens of Src on one line.
void printTokens(Span Src, llvm::raw_ostream &OS);

/// The one token of a leaf operand whose span also covers the grouping the
/// parser folded into it: `5` of `( +5 /* five */ )`.
llvm::StringRef leafToken(Span Src);

/// Prints the tokens of Src keeping its line breaks: each source line that
/// holds a token becomes one output line, after Indent.
void printTokenLines(Span Src, llvm::StringRef Indent, llvm::raw_ostream &OS);

} // namespace tcgen05

#endif
