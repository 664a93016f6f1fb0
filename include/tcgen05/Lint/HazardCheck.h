//===- HazardCheck.h - Order and thread hazards of tcgen05 code --*- C++
//-*-===//
//
// The hazard lints of Hazards.def: whether a kernel issues its tcgen05
// instructions from the threads and in the order the manual requires
// (PTX ISA 9.7.16.5 - 9.7.16.8).  They run on the uniformity analysis
// (Uniformity.h) and the control-flow graph of one function at a time.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_LINT_HAZARDCHECK_H
#define TCGEN05_LINT_HAZARDCHECK_H

#include "tcgen05/AST/AST.h"
#include "tcgen05/Basic/Diagnostic.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/raw_ostream.h"

namespace tcgen05 {

class FunctionAnalyses;

/// Work the ordering analyses may spend per instruction and block of a
/// function before they give up on it with a remark (TC6100).
constexpr unsigned DefaultHazardStepsPerInstruction = 64;

/// Runs every hazard lint on F, a function of M, but those whose
/// diagnostic Skip names; a function without tcgen05 instructions costs
/// nothing.  Shared, when
/// given, holds F's graph and register numbering for other checks too.
void checkHazards(
    const Module &M, const Function &F, DiagnosticSink &Sink,
    llvm::ArrayRef<DiagID> Skip = {}, FunctionAnalyses *Shared = nullptr,
    unsigned StepsPerInstruction = DefaultHazardStepsPerInstruction);

/// Writes, for --dump-warp-roles, the mbarriers of kernel F as TC6036
/// sees them: each object its inits name, its count, arrives and waits,
/// and the arrivals a phase can get, or why it is not judged.  LineOf
/// gives an instruction's line.
void dumpMbarriers(const Function &F, FunctionAnalyses &A,
                   llvm::function_ref<unsigned(uint32_t)> LineOf,
                   llvm::raw_ostream &OS);

/// The diagnostics of the hazard lints, one per row of Hazards.def.
llvm::ArrayRef<DiagID> hazardDiagnostics();

} // namespace tcgen05

#endif
