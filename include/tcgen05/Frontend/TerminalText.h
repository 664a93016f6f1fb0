//===- TerminalText.h - Text made safe to show on a terminal ------*- C++
//-*-===//
//
// Diagnostics copy text from their input to a terminal: file names, source
// lines, the names .file gives.  A byte there that a terminal acts on (ESC
// starts a control sequence that can retitle the window or rewrite what is
// shown, CR returns to the line's start, a newline in a file name starts
// what a CI problem matcher takes for another diagnostic) or cannot show
// (a byte that is not UTF-8) is written as \xHH instead.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_FRONTEND_TERMINALTEXT_H
#define TCGEN05_FRONTEND_TERMINALTEXT_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace tcgen05 {

/// Whether Text holds a byte escapeForTerminal changes.
bool needsTerminalEscape(llvm::StringRef Text);

/// Text with C0 controls other than tab, DEL, C1 controls (U+0080 to
/// U+009F) and bytes outside valid UTF-8 written as \xHH.  With Map, Map[K] is
/// where byte K of Text (and K = Text.size(), the end) lands in the result.
std::string escapeForTerminal(llvm::StringRef Text,
                              llvm::SmallVectorImpl<unsigned> *Map = nullptr);

} // namespace tcgen05

#endif
