//===- Printer.h - Print a module in canonical form --------------*- C++
//-*-===//
//
// The lowering stage's last step: a module printed from its AST, one
// statement per line, tcgen05 qualifiers in the manual's order, operands
// and directives with one spacing.  Printing is idempotent, and parsing
// the output gives the input's statements back.  Comments and preprocessor
// line markers are not statements and are not kept, except the suppression
// comments the check reads (SuppressionComments.h).
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_PRINT_PRINTER_H
#define TCGEN05_PRINT_PRINTER_H

#include "tcgen05/AST/AST.h"
#include "tcgen05/Parse/Parser.h"

#include <cstddef>

namespace llvm {
class raw_ostream;
}

namespace llvm {
class ThreadPoolInterface;
} // namespace llvm

namespace tcgen05 {

/// Prints M, whose buffer must be intact; bodies are parsed as they are
/// printed, on Pool's threads (null: the calling thread), a piece of
/// PieceStatements statements at a time (0: each body whole).  Meant for
/// modules that check without errors: a statement the parser rejected is
/// not printed.
void printModule(const Module &M, llvm::raw_ostream &OS,
                 llvm::ThreadPoolInterface *Pool = nullptr,
                 size_t PieceStatements = DefaultBodyPieceStatements);

/// Prints one operand tree of Pool (parentheses only where precedence
/// needs them).
void printOperand(const NodePool &Pool, const Operand &O,
                  llvm::raw_ostream &OS);

} // namespace tcgen05

#endif
