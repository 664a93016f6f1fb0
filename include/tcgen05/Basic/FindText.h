//===- FindText.h - Substring search over whole inputs -----------*- C++
//-*-===//
//
// Searches that run over a whole module (suppression markers, `.loc`) use
// the C library's memmem: llvm::StringRef::find's skip table gains little
// on a needle that starts with '.', the most common byte of PTX, and runs
// several times slower on real kernels.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_BASIC_FINDTEXT_H
#define TCGEN05_BASIC_FINDTEXT_H

#include "llvm/ADT/StringRef.h"

#include <cstddef>

namespace tcgen05 {

/// The offset of the first Needle in Text at or after From, or npos.
size_t findText(llvm::StringRef Text, llvm::StringRef Needle, size_t From = 0);

/// How many times C occurs in Text: 16 bytes at a time where SSE2 is (GCC
/// does not vectorize std::count at -O2, which took several times as long
/// on a -G module's DWARF; docs/performance.md).
size_t countChar(llvm::StringRef Text, char C);

/// The offset of the start of the line holding offset Pos of Text.
inline size_t lineStartAt(llvm::StringRef Text, size_t Pos) {
  size_t NL = Text.rfind('\n', Pos); // looks before Pos
  return NL == llvm::StringRef::npos ? 0 : NL + 1;
}

} // namespace tcgen05

#endif
