//===- Suppressions.h - Findings silenced in the source ----------*- C++
//-*-===//
//
// A comment `// tcgen05-check: ignore TC4001` (several codes separated by
// commas or blanks; none: every code) silences the findings of its own line
// and of the next one.  Inline asm reaches PTX verbatim, so kernel authors
// can write these in their CUDA sources.  Errors of the input itself and of
// its syntax (TC0xxx, TC1xxx) are not findings to accept: text that is not
// PTX stays an error, whatever a comment says.  A comment that silences
// nothing is itself a warning (-Wunused-suppression): the finding it was
// written for is gone, or it never matched.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_FRONTEND_SUPPRESSIONS_H
#define TCGEN05_FRONTEND_SUPPRESSIONS_H

#include "tcgen05/Basic/Diagnostic.h"
#include "tcgen05/Basic/SuppressionMarker.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

namespace llvm {
class SourceMgr;
}

namespace tcgen05 {

class LineIndex;

class Suppressions {
public:
  /// Finds the suppression comments of Text, which starts at line 1.
  explicit Suppressions(llvm::StringRef Text);
  /// Finds the suppression comments that can silence one of Diags: those
  /// on the line of a finding in buffer BufferID, or on the line before.
  /// Lines, when given, are known line starts of the buffer.
  static Suppressions near(const llvm::SourceMgr &SM, unsigned BufferID,
                           llvm::ArrayRef<Diagnostic> Diags,
                           const LineIndex *Lines = nullptr);

  bool empty() const { return ByLine.empty(); }
  /// Whether a finding with Code on Line (1-based) is silenced.
  bool covers(unsigned Line, unsigned Code) const;
  /// Drops the silenced findings of buffer BufferID from Diags, and
  /// returns how many.
  unsigned apply(const llvm::SourceMgr &SM, unsigned BufferID,
                 std::vector<Diagnostic> &Diags,
                 const LineIndex *Lines = nullptr);
  /// Adds a warning (TC0013) to Diags for each comment that apply() found
  /// silencing nothing, unless Judge says a finding it names may have gone
  /// unreported for another reason (an option turned its group off).
  /// Needs the comments of the whole text (the first constructor).
  void
  reportUnused(const llvm::SourceMgr &SM, unsigned BufferID,
               llvm::function_ref<bool(llvm::ArrayRef<unsigned> Codes)> Judge,
               std::vector<Diagnostic> &Diags) const;

private:
  Suppressions() = default;
  struct Comment {
    /// The codes it names; empty: every code.
    llvm::SmallVector<unsigned, 2> Codes;
    size_t LineStart = 0;
    bool Used = false;
  };
  Comment *coverer(unsigned Line, unsigned Code);
  llvm::DenseMap<unsigned, Comment> ByLine;
};

} // namespace tcgen05

#endif
