//===- SuppressionMarker.h - One suppression comment ------------*- C++ -*-===//
//
// `// tcgen05-check: ignore TC4001, TC6006` read the same way by the check,
// which drops the findings it names, and by the printer, which keeps it
// beside the statement it silences.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_BASIC_SUPPRESSIONMARKER_H
#define TCGEN05_BASIC_SUPPRESSIONMARKER_H

#include "tcgen05/Basic/Diagnostic.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>

namespace tcgen05 {

inline constexpr llvm::StringLiteral SuppressionMarker = "tcgen05-check:";

/// The codes the marker at At of Line (one line, without its line break)
/// silences: empty for every code.  None when the marker is not in a `//`
/// comment or does not say `ignore`.  A code misspelt (TC60O6, TCnnnn) is
/// 0, which no finding has, so it silences nothing rather than, as no code
/// would, everything.
std::optional<llvm::SmallVector<unsigned, 2>>
parseSuppressionMarker(llvm::StringRef Line, size_t At);

/// Calls Found(LineStart, Codes) for each suppression comment of Text, in
/// order: the offset its line starts at and what parseSuppressionMarker
/// read.
void forEachSuppressionComment(
    llvm::StringRef Text,
    llvm::function_ref<void(size_t LineStart,
                            llvm::SmallVector<unsigned, 2> &&Codes)>
        Found);

/// Whether a suppression comment or a baseline may accept findings of Code.
/// Errors of the input itself and of its syntax (TC0xxx, TC1xxx) are not:
/// text that is not PTX stays an error, and emission would print what the
/// parser made of it.
inline bool isAcceptable(unsigned Code) { return Code >= FirstSymbolCode; }

} // namespace tcgen05

#endif
