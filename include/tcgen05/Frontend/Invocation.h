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

struct CheckOptions;

/// One request's options, however it came: the command line's words, the C
/// interface's tcgen05_options, or Python's keywords through it.  Each door
/// fills one, and it alone validates them and says what the check does, as
/// clang's CompilerInvocation does, so that the same options get the same
/// result and the same diagnostics at every door.
struct CheckInvocation {
  /// --target; empty: the module's .target.
  std::string Target;
  /// --ptx-version, for emission; empty: .version is kept.
  std::string PtxVersion;
  /// -c, --separate-compilation.
  bool SeparateCompilation = false;
  /// -Werror, -w, the -W<group> words and the error limit.
  DiagnosticOptions Diag;
  /// -W words naming no group; warnings, not errors, as in clang.
  std::vector<std::string> UnknownWarningGroups;

  /// Reads one warning word (applyWarningOption); false for another word.
  bool readWarningWord(llvm::StringRef Word);
  /// Reads blank-separated warning words; a word that is none is reported
  /// as an unknown group.
  void readWarningWords(llvm::StringRef Words);

  /// Warns of each unknown warning group (TC0108), with the known groups.
  void reportUnknownWarningGroups(DiagnosticsEngine &Engine,
                                  llvm::StringRef Origin) const;
  /// Whether the target and the PTX version are known; reports each that
  /// is not (TC0005, TC0102), both when both are wrong.
  bool acceptTargetAndVersion(DiagnosticsEngine &Engine,
                              llvm::StringRef Origin) const;
  /// Both of the above: whether the request can run.
  bool validate(DiagnosticsEngine &Engine, llvm::StringRef Origin) const;

  /// The check it asks for, written into Opts: the target and how kernels
  /// are compiled.
  void applyTo(CheckOptions &Opts) const;
};

} // namespace tcgen05

#endif
