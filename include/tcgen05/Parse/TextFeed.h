//===- TextFeed.h - Text that arrives while it is parsed --------*- C++ -*-===//
//
// A large input is read while the module pass goes on, so that the bodies it
// meets are checked while the rest is still being read (docs/performance.md).
// The pass lexes only up to what a feed says is there, which always ends
// after a line break (or is the whole text): no token but a block comment
// or a string spans one, so the lexer asks for more only where it would
// otherwise find the end, and sees the same characters as it would in the
// whole text.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_PARSE_TEXTFEED_H
#define TCGEN05_PARSE_TEXTFEED_H

#include "llvm/ADT/StringRef.h"

#include <cstddef>

namespace tcgen05 {

class TextFeed {
public:
  virtual ~TextFeed() = default;
  /// The end of the text there so far: just after a line break, or the end
  /// of the whole text.
  virtual const char *available() const = 0;
  /// Makes more text there (at least one more line, or the rest).  False
  /// when there is no more: the whole text is there, or reading it failed
  /// (the feed's owner knows which, and discards what was parsed of a text
  /// that failed).
  virtual bool more() = 0;
};

/// A text in memory handed over a piece at a time, each at most PieceBytes
/// on and ending after a line break (or at the end of the text): what a file
/// read in chunks gives the pass, for the tests and fuzzers of a fed pass.
class PiecesFeed final : public TextFeed {
public:
  PiecesFeed(llvm::StringRef Text, size_t PieceBytes);
  const char *available() const override { return Text.data() + Available; }
  bool more() override;
  /// How many times the pass asked for more.
  unsigned asked() const { return Asked; }

private:
  llvm::StringRef Text;
  size_t PieceBytes, Read = 0, Available = 0;
  unsigned Asked = 0;
};

} // namespace tcgen05

#endif
