//===- Invocation.h - Options every front door reads alike ------*- C++ -*-===//
//
// The command line, the C interface and Python take the same words for a
// target, a PTX version and -W flags.  They are validated here, once, so
// that each door gives the same answer with the same diagnostic for the
// same words.  Origin is the name the diagnostics give the door
// ("tcgen05-check", "<C interface>").
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_FRONTEND_INVOCATION_H
#define TCGEN05_FRONTEND_INVOCATION_H

#include "tcgen05/Basic/Diagnostic.h"

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace tcgen05 {

/// Whether Target is empty (the module's own .target) or a known target
/// name; otherwise reports TC0005 with the known names.
bool acceptTargetOption(llvm::StringRef Target, DiagnosticsEngine &Engine,
                        llvm::StringRef Origin);

/// Whether Version is empty, "auto" or a PTX version the checker knows;
/// otherwise reports the usage error with the known versions.
bool acceptPtxVersionOption(llvm::StringRef Version, DiagnosticsEngine &Engine,
                            llvm::StringRef Origin);

/// Applies one command-line word of the warning options (-Werror, -w,
/// -W<group>, -Wno-<group>, -Werror=<group>, -Wno-error=<group>) to Opts;
/// false for a word that is none of them.  A group nobody knows is added to
/// UnknownGroups, for reportUnknownWarningGroups.
bool applyWarningOption(llvm::StringRef Word, DiagnosticOptions &Opts,
                        std::vector<std::string> &UnknownGroups);

/// One warning per unknown group, with the known groups as a note: a
/// misspelt group is not an error, as in clang.
void reportUnknownWarningGroups(const std::vector<std::string> &UnknownGroups,
                                DiagnosticsEngine &Engine,
                                llvm::StringRef Origin);

} // namespace tcgen05

#endif
