//===- ModuleChecks.h - Checks on the module header -------------*- C++ -*-===//
#ifndef TCGEN05_SEMA_MODULECHECKS_H
#define TCGEN05_SEMA_MODULECHECKS_H

#include "tcgen05/AST/AST.h"

#include "llvm/ADT/StringRef.h"

namespace tcgen05 {

class DiagnosticSink;

/// The architecture the checks apply to M as parsed so far: TargetOverride
/// when given, else the last known one .target names (Name, when given,
/// is set to its span).
std::optional<TargetInfo> effectiveTarget(const Module &M,
                                          llvm::StringRef TargetOverride,
                                          Span *Name = nullptr);

/// Sets M.EffectiveTarget (TargetOverride wins over .target when given) and
/// checks that .version supports it.
void checkModuleTarget(Module &M, llvm::StringRef TargetOverride,
                       DiagnosticSink &Sink);

/// Replaces the errors of tcgen05 instructions that M's .target does not
/// support (TC3101), one per instruction, with one error at the .target
/// (TC3126) that names the nearest target supporting every form they use,
/// as a fix-it.  Left alone when the target came from the command line
/// (M.EffectiveTargetName empty): the text has no .target to fix.
void foldUnsupportedTarget(const Module &M, DiagnosticSink &Sink);

} // namespace tcgen05

#endif
