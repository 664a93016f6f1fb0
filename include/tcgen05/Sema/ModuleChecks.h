//===- ModuleChecks.h - Checks on the module header -------------*- C++ -*-===//
#ifndef TCGEN05_SEMA_MODULECHECKS_H
#define TCGEN05_SEMA_MODULECHECKS_H

#include "tcgen05/AST/AST.h"

#include "llvm/ADT/StringRef.h"

namespace tcgen05 {

class DiagnosticSink;

/// Sets M.EffectiveTarget (TargetOverride wins over .target when given) and
/// checks that .version supports it.
void checkModuleTarget(Module &M, llvm::StringRef TargetOverride,
                       DiagnosticSink &Sink);

} // namespace tcgen05

#endif
