//===- Explain.h - Long-form documentation of diagnostic codes --*- C++ -*-===//
#ifndef TCGEN05_FRONTEND_EXPLAIN_H
#define TCGEN05_FRONTEND_EXPLAIN_H

#include "llvm/ADT/StringRef.h"

#include <optional>

namespace tcgen05 {

/// The page docs/diagnostics/TCnnnn.md for Code, if there is one.
std::optional<llvm::StringRef> explainDiagCode(unsigned Code);

/// Parses "TC1101", "tc1101" or "1101".
std::optional<unsigned> parseDiagCode(llvm::StringRef Text);

} // namespace tcgen05

#endif
