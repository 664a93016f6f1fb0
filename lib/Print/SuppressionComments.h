//===- SuppressionComments.h - Suppression comments kept in output -*- C++
//-*-===//
//
// The printer drops comments, but a `// tcgen05-check: ignore` comment is
// part of what the module means to the check: without it the printed module
// would not check as clean as its source.  So each printed statement gets,
// on the line before it, one comment silencing what the comments on its
// source lines, and on the line before them, silenced.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_LIB_PRINT_SUPPRESSIONCOMMENTS_H
#define TCGEN05_LIB_PRINT_SUPPRESSIONCOMMENTS_H

#include "tcgen05/AST/AST.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <vector>

namespace llvm {
class raw_ostream;
}

namespace tcgen05 {

class SuppressionComments {
public:
  /// Finds the suppression comments of Text, the buffer spans point into.
  explicit SuppressionComments(llvm::StringRef Text);

  /// Prints Indent and the comment for the statement S, with a line break,
  /// if a suppression comment covers one of its lines.
  void printBefore(Span S, llvm::StringRef Indent, llvm::raw_ostream &OS) const;

private:
  struct Comment {
    size_t LineStart;
    /// The start of the line after the next: a statement that begins
    /// before it, and ends at or after LineStart, is covered.
    size_t CoverEnd;
    /// Empty: every code.
    llvm::SmallVector<unsigned, 2> Codes;
  };
  llvm::StringRef Text;
  /// In source order.
  std::vector<Comment> Comments;
};

} // namespace tcgen05

#endif
