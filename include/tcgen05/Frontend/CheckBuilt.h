//===- CheckBuilt.h - Check an instruction the builder made ------*- C++
//-*-===//
#ifndef TCGEN05_FRONTEND_CHECKBUILT_H
#define TCGEN05_FRONTEND_CHECKBUILT_H

#include "tcgen05/Build/Builder.h"
#include "tcgen05/Frontend/Check.h"

namespace tcgen05 {

/// Checks I with the module rules (forms, qualifiers, operands, target,
/// PTX version, descriptor immediates) inside I.module(T).  Diagnostics
/// point into a buffer named after the instruction, whose line holds
/// I.str().
CheckStatus checkBuilt(const build::Instr &I, const build::BuildTarget &T,
                       llvm::SourceMgr &SM, DiagnosticsEngine &Engine);

} // namespace tcgen05

#endif
